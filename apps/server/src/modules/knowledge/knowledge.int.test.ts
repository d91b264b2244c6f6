import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  errorBodySchema,
  type KnowledgeArticleImage,
  type KnowledgeReviewList,
  type NotificationPage,
  type KnowledgeArticle,
  type KnowledgeArticleList,
  type KnowledgeCategory,
  type KnowledgeCategoryTree,
  type KnowledgeDiff,
  type KnowledgeRevision,
  type KnowledgeRevisionList,
  type KnowledgeSearchMissList,
} from '@atrium/shared';
import { expectJson, overwrite, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { reviewRemindersQueue } from './knowledge-review-reminders';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const kb = '/api/v1/helpdesk/kb';
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

async function send(client: SessionClient, method: string, path: string, json?: unknown) {
  return client.request(path, { method, ...(json === undefined ? {} : { json }) });
}

/** A word no other article has: letters only, so the search reads it as one word. */
function word(length = 10) {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

describe('knowledge base (issue 22)', () => {
  let manager: SessionClient;
  let agent: SessionClient;
  let tenantId: string;

  beforeAll(async () => {
    const owner = await signUp(server, { companyName: 'Knowledge Co' });
    tenantId = owner.me.workspace.id;
    manager = (await addMember(server, owner.client, 'manager')).client;
    agent = (await addMember(server, owner.client, 'employee')).client;
  });

  const createArticle = async (json: object, client = agent) =>
    expectJson<KnowledgeArticle>(await send(client, 'POST', `${kb}/articles`, json), 201);
  const moveArticle = (article: { id: string; version: number }, status: string) =>
    send(agent, 'POST', `${kb}/articles/${article.id}/status`, { status, version: article.version });
  const publish = async (article: KnowledgeArticle) =>
    expectJson<KnowledgeArticle>(await moveArticle(article, 'published'), 200);
  const createCategory = async (json: object) =>
    expectJson<KnowledgeCategory>(await send(manager, 'POST', `${kb}/categories`, json), 201);
  const search = async (q: string, filters = '') =>
    expectJson<KnowledgeArticleList>(
      await send(agent, 'GET', `${kb}/articles?q=${encodeURIComponent(q)}${filters}`),
      200,
    );

  describe('articles', () => {
    it('writes a draft, keeps only safe html, reads it back and lists it newest first', async () => {
      const category = await createCategory({ name: unique('Billing') });
      const article = await createArticle({
        title: '  Changing your plan ',
        summary: 'Upgrade or downgrade',
        content: '<h2>Steps</h2><p onclick="x()">Open <strong>Settings</strong><script>alert(1)</script></p>',
        categoryId: category.id,
        tags: ['billing', 'billing', 'plans'],
        visibility: 'public',
      });
      expect(article).toMatchObject({
        title: 'Changing your plan',
        status: 'draft',
        visibility: 'public',
        content: '<h2>Steps</h2><p>Open <strong>Settings</strong></p>',
        category: { id: category.id, name: category.name },
        tags: ['billing', 'plans'],
        revision: 1,
        version: 1,
      });
      const read = await expectJson<KnowledgeArticle>(
        await send(agent, 'GET', `${kb}/articles/${article.id}`),
        200,
      );
      expect(read).toEqual(article);
      const later = await createArticle({ title: unique('Later') });
      const list = await expectJson<KnowledgeArticleList>(
        await send(agent, 'GET', `${kb}/articles?limit=1`),
        200,
      );
      expect(list.data.map((row) => row.id)).toEqual([later.id]);
      const next = await expectJson<KnowledgeArticleList>(
        await send(agent, 'GET', `${kb}/articles?limit=1&cursor=${encodeURIComponent(list.nextCursor!)}`),
        200,
      );
      expect(next.data.map((row) => row.id)).toEqual([article.id]);
      const filtered = await expectJson<KnowledgeArticleList>(
        await send(
          agent,
          'GET',
          `${kb}/articles?categoryId=${category.id}&tag=plans&visibility=public&status=draft`,
        ),
        200,
      );
      expect(filtered.data.map((row) => row.id)).toEqual([article.id]);
    });

    it('refuses invalid input field by field, and a category of no workspace (422)', async () => {
      const empty = await send(agent, 'POST', `${kb}/articles`, { title: ' ', visibility: 'secret' });
      expect(empty.status).toBe(400);
      expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual(['title', 'visibility']);
      const stranger = await send(agent, 'POST', `${kb}/articles`, {
        title: 'Lost',
        categoryId: crypto.randomUUID(),
      });
      expect(stranger.status).toBe(422);
      expect((await errorOf(stranger)).fields).toHaveProperty('categoryId');
      expect((await send(agent, 'GET', `${kb}/articles/${crypto.randomUUID()}`)).status).toBe(404);
    });

    it('edits with the version: a stale one gets 412', async () => {
      const article = await createArticle({ title: unique('Edit me') });
      const edited = await expectJson<KnowledgeArticle>(
        await send(agent, 'PATCH', `${kb}/articles/${article.id}`, { summary: 'Now summed up', version: 1 }),
        200,
      );
      expect(edited).toMatchObject({ summary: 'Now summed up', version: 2, revision: 2 });
      const stale = await send(agent, 'PATCH', `${kb}/articles/${article.id}`, {
        title: 'Stale',
        version: 1,
      });
      expect(stale.status).toBe(412);
      expect(
        (await send(agent, 'PATCH', `${kb}/articles/${crypto.randomUUID()}`, { version: 1 })).status,
      ).toBe(404);
    });

    it('follows the workflow draft -> published -> archived -> draft, and refuses other steps (422)', async () => {
      const article = await createArticle({ title: unique('Workflow') });
      expect((await moveArticle(article, 'archived')).status).toBe(422);
      const published = await publish(article);
      expect(published).toMatchObject({ status: 'published', version: 2 });
      expect(published.lastReviewedAt).not.toBeNull();
      expect((await moveArticle(article, 'archived')).status).toBe(412);
      const archived = await expectJson<KnowledgeArticle>(await moveArticle(published, 'archived'), 200);
      const refused = await moveArticle(archived, 'published');
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).fields).toHaveProperty('status');
      const draft = await expectJson<KnowledgeArticle>(await moveArticle(archived, 'draft'), 200);
      expect(draft.status).toBe('draft');
    });
  });

  describe('revisions', () => {
    it('keeps every save, shows one, diffs two and restores one as a new revision', async () => {
      const article = await createArticle({
        title: 'Resetting a password',
        content: '<p>Open the login page.</p>',
      });
      const second = await expectJson<KnowledgeArticle>(
        await send(agent, 'PATCH', `${kb}/articles/${article.id}`, {
          content: '<p>Open the login page.</p><p>Click <em>Forgot password</em>.</p>',
          version: article.version,
        }),
        200,
      );
      // Tags are not part of a revision: no new one.
      const tagged = await expectJson<KnowledgeArticle>(
        await send(agent, 'PATCH', `${kb}/articles/${article.id}`, {
          tags: ['login'],
          version: second.version,
        }),
        200,
      );
      expect(tagged.revision).toBe(2);

      const revisions = await expectJson<KnowledgeRevisionList>(
        await send(agent, 'GET', `${kb}/articles/${article.id}/revisions`),
        200,
      );
      expect(revisions.data.map((revision) => revision.number)).toEqual([2, 1]);
      expect(revisions.data[0]!.author?.name).toBeTruthy();
      const first = revisions.data[1]!;
      const one = await expectJson<KnowledgeRevision>(
        await send(agent, 'GET', `${kb}/articles/${article.id}/revisions/${first.id}`),
        200,
      );
      expect(one).toMatchObject({
        number: 1,
        title: 'Resetting a password',
        content: '<p>Open the login page.</p>',
      });

      const diff = await expectJson<KnowledgeDiff>(
        await send(agent, 'GET', `${kb}/articles/${article.id}/diff?from=1&to=2`),
        200,
      );
      expect(diff.from.text).toBe('Resetting a password\n\nOpen the login page.');
      expect(diff.lines).toContainEqual({ change: 'added', text: 'Click Forgot password.' });
      expect(diff.lines).toContainEqual({ change: 'same', text: 'Resetting a password' });
      expect((await send(agent, 'GET', `${kb}/articles/${article.id}/diff?from=1&to=9`)).status).toBe(404);

      const staleRestore = await send(
        agent,
        'POST',
        `${kb}/articles/${article.id}/revisions/${first.id}/restore`,
        {
          version: second.version,
        },
      );
      expect(staleRestore.status).toBe(412);
      const restored = await expectJson<KnowledgeArticle>(
        await send(agent, 'POST', `${kb}/articles/${article.id}/revisions/${first.id}/restore`, {
          version: tagged.version,
        }),
        200,
      );
      expect(restored).toMatchObject({
        content: '<p>Open the login page.</p>',
        revision: 3,
        tags: ['login'],
      });
      const after = await expectJson<KnowledgeRevisionList>(
        await send(agent, 'GET', `${kb}/articles/${article.id}/revisions`),
        200,
      );
      expect(after.data.map((revision) => revision.number)).toEqual([3, 2, 1]);
      const other = await createArticle({ title: unique('Other') });
      expect((await send(agent, 'GET', `${kb}/articles/${other.id}/revisions/${first.id}`)).status).toBe(404);
    });
  });

  describe('categories', () => {
    it('keeps two levels in order, renames with the version, and refuses duplicates', async () => {
      const top = await createCategory({ name: unique('Top') });
      const sub = await createCategory({ name: 'Invoices', parentId: top.id });
      const second = await createCategory({ name: 'Refunds', parentId: top.id });
      expect([sub.position, second.position]).toEqual([0, 1]);
      const deeper = await send(manager, 'POST', `${kb}/categories`, { name: 'Too deep', parentId: sub.id });
      expect(deeper.status).toBe(422);
      expect((await errorOf(deeper)).fields).toHaveProperty('parentId');
      const again = await send(manager, 'POST', `${kb}/categories`, { name: 'Invoices', parentId: top.id });
      expect(again.status).toBe(409);

      const renamed = await expectJson<KnowledgeCategory>(
        await send(manager, 'PATCH', `${kb}/categories/${sub.id}`, { name: 'Bills', version: sub.version }),
        200,
      );
      expect(renamed).toMatchObject({ name: 'Bills', version: 2 });
      const stale = await send(manager, 'PATCH', `${kb}/categories/${sub.id}`, { name: 'Old', version: 1 });
      expect(stale.status).toBe(412);

      // Refunds first, then Bills.
      const moved = await expectJson<KnowledgeCategory>(
        await send(manager, 'POST', `${kb}/categories/${second.id}/move`, {
          parentId: top.id,
          position: 0,
          version: second.version,
        }),
        200,
      );
      expect(moved.position).toBe(0);
      const tree = await expectJson<KnowledgeCategoryTree>(await send(agent, 'GET', `${kb}/categories`), 200);
      const node = tree.data.find((category) => category.id === top.id)!;
      expect(node.children.map((child) => [child.name, child.position])).toEqual([
        ['Refunds', 0],
        ['Bills', 1],
      ]);
      const underChild = await send(manager, 'POST', `${kb}/categories/${top.id}/move`, {
        parentId: sub.id,
        position: 0,
        version: top.version,
      });
      expect(underChild.status).toBe(422);
    });

    it('deletes only an empty category (409 otherwise); agents may not arrange them (403)', async () => {
      const top = await createCategory({ name: unique('Full') });
      const sub = await createCategory({ name: 'Sub', parentId: top.id });
      await createArticle({ title: unique('Inside'), categoryId: sub.id });
      expect((await send(manager, 'DELETE', `${kb}/categories/${top.id}`)).status).toBe(409);
      expect((await send(manager, 'DELETE', `${kb}/categories/${sub.id}`)).status).toBe(409);
      const empty = await createCategory({ name: unique('Empty') });
      expect((await send(agent, 'DELETE', `${kb}/categories/${empty.id}`)).status).toBe(403);
      expect((await send(agent, 'POST', `${kb}/categories`, { name: unique('Mine') })).status).toBe(403);
      expect((await send(manager, 'DELETE', `${kb}/categories/${empty.id}`)).status).toBe(204);
      expect((await send(manager, 'DELETE', `${kb}/categories/${empty.id}`)).status).toBe(404);
    });
  });

  describe('search', () => {
    it('ranks a title match before a body match, finds a prefix, and marks the words in an escaped snippet', async () => {
      const term = word();
      const inBody = await createArticle({
        title: unique('Body match'),
        content: `<p>Compare a &lt; b, then read about ${term} here.</p>`,
      });
      const inTitle = await createArticle({ title: `All about ${term}`, content: '<p>Nothing else.</p>' });
      const found = await search(term);
      expect(found.data.map((row) => row.id)).toEqual([inTitle.id, inBody.id]);
      expect(found.nextCursor).toBeNull();
      const snippet = found.data[1]!.snippet!;
      expect(snippet).toContain(`<mark>${term}</mark>`);
      expect(snippet).toContain('a &lt; b');
      expect(snippet.replaceAll(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      const prefix = await search(`read ${term.slice(0, 5)}`);
      expect(prefix.data.map((row) => row.id)).toEqual([inBody.id]);
    });

    it('still finds an article with a one-letter typo in its title', async () => {
      const term = word(11);
      const article = await createArticle({ title: `Configuring the ${term}` });
      const typo = `${term.slice(0, 5)}${term.slice(6)}`;
      const found = await search(typo);
      expect(found.data.map((row) => row.id)).toContain(article.id);
    });

    it('shows customers and the public only published public articles; agents all of them', async () => {
      const term = word();
      const make = async (visibility: string, status: 'draft' | 'published' | 'archived') => {
        let article = await createArticle({ title: `${status} ${visibility} ${term}`, visibility });
        if (status !== 'draft') article = await publish(article);
        if (status === 'archived') {
          article = await expectJson<KnowledgeArticle>(await moveArticle(article, 'archived'), 200);
        }
        return article;
      };
      const visible = await make('public', 'published');
      const hidden = [
        await make('public', 'draft'),
        await make('public', 'archived'),
        await make('internal', 'published'),
      ];
      const { knowledge } = server.services;
      for (const audience of ['customer', 'public'] as const) {
        const rows = await knowledge.search(tenantId, { audience, q: term, limit: 20 });
        expect(
          rows.map((row) => row.id),
          audience,
        ).toEqual([visible.id]);
        // A filter never widens what the audience sees.
        const widened = await knowledge.search(tenantId, {
          audience,
          q: term,
          filter: { status: 'draft', visibility: 'internal' },
          limit: 20,
        });
        expect(widened).toEqual([]);
      }
      const agents = await knowledge.search(tenantId, { audience: 'agent', q: term, limit: 20 });
      expect(agents.map((row) => row.id).sort()).toEqual([visible.id, ...hidden.map((row) => row.id)].sort());
      const drafts = await search(term, '&status=draft');
      expect(drafts.data.map((row) => row.id)).toEqual([hidden[0]!.id]);
    });

    it('remembers searches that found nothing, once per wording, most asked first', async () => {
      const term = word();
      expect((await search(`Missing ${term}`)).data).toEqual([]);
      expect((await search(`  missing   ${term.toUpperCase()} `)).data).toEqual([]);
      const misses = await expectJson<KnowledgeSearchMissList>(
        await send(agent, 'GET', `${kb}/search-misses`),
        200,
      );
      expect(misses.data).toContainEqual(expect.objectContaining({ query: `missing ${term}`, count: 2 }));
      await createArticle({ title: `Found ${term}` });
      await search(term);
      const again = await expectJson<KnowledgeSearchMissList>(
        await send(agent, 'GET', `${kb}/search-misses`),
        200,
      );
      expect(again.data.filter((miss) => miss.query.includes(term))).toHaveLength(1);
    });
  });
});

describe('deleting, reviewing and illustrating articles (issue 22)', () => {
  let owner: SessionClient;
  let author: SessionClient;
  let colleague: SessionClient;
  let slug: string;
  let workspaceId: string;

  beforeAll(async () => {
    const signedUp = await signUp(server, { companyName: 'Review Co' });
    owner = signedUp.client;
    slug = signedUp.me.workspace.slug;
    workspaceId = signedUp.me.workspace.id;
    author = (await addMember(server, owner, 'employee')).client;
    colleague = (await addMember(server, owner, 'employee')).client;
  });

  const write = async (client: SessionClient, json: object = {}) =>
    expectJson<KnowledgeArticle>(
      await send(client, 'POST', `${kb}/articles`, { title: unique('Article'), ...json }),
      201,
    );
  const publish = async (client: SessionClient, article: KnowledgeArticle) =>
    expectJson<KnowledgeArticle>(
      await send(client, 'POST', `${kb}/articles/${article.id}/status`, {
        status: 'published',
        version: article.version,
      }),
      200,
    );
  const read = async (client: SessionClient, id: string) =>
    expectJson<KnowledgeArticle>(await send(client, 'GET', `${kb}/articles/${id}`), 200);
  const reviewedMonthsAgo = (id: string, months: number | null) =>
    overwrite(server, schema.knowledgeArticles, id, {
      lastReviewedAt: months === null ? null : new Date(Date.now() - months * 31 * 86_400_000),
    });

  it('lets the author or a help desk manager delete an article (204), not another agent (403)', async () => {
    const article = await write(author);
    const refused = await send(colleague, 'DELETE', `${kb}/articles/${article.id}`);
    expect(refused.status).toBe(403);
    await read(author, article.id);
    expect((await send(author, 'DELETE', `${kb}/articles/${article.id}`)).status).toBe(204);
    expect((await send(author, 'GET', `${kb}/articles/${article.id}`)).status).toBe(404);
    expect((await send(author, 'DELETE', `${kb}/articles/${article.id}`)).status).toBe(404);
    // The owner manages the help desk: a colleague's article is theirs to remove.
    const another = await write(author);
    expect((await send(owner, 'DELETE', `${kb}/articles/${another.id}`)).status).toBe(204);
  });

  it('lists published articles due for review, longest unreviewed first, in pages', async () => {
    const [oldest, older, recent, draft] = await Promise.all([
      write(author),
      write(author),
      write(author),
      write(author),
    ]);
    for (const article of [oldest!, older!, recent!]) await publish(author, article);
    await reviewedMonthsAgo(oldest!.id, 12);
    await reviewedMonthsAgo(older!.id, 7);
    await reviewedMonthsAgo(recent!.id, 2);
    expect((await read(author, oldest!.id)).reviewDue).toBe(true);
    expect((await read(author, recent!.id)).reviewDue).toBe(false);

    const first = await expectJson<KnowledgeReviewList>(
      await send(author, 'GET', `${kb}/review?limit=1`),
      200,
    );
    expect(first.data.map((row) => row.id)).toEqual([oldest!.id]);
    const second = await expectJson<KnowledgeReviewList>(
      await send(author, 'GET', `${kb}/review?limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`),
      200,
    );
    expect(second.data.map((row) => row.id)).toEqual([older!.id]);
    expect(second.nextCursor).toBeNull();
    expect([...first.data, ...second.data].map((row) => row.id)).not.toContain(draft!.id);

    // Marked reviewed: off the list, and the same version (an open editor can still save).
    const before = await read(author, older!.id);
    const reviewed = await expectJson<KnowledgeArticle>(
      await send(colleague, 'POST', `${kb}/articles/${older!.id}/review`),
      200,
    );
    expect(reviewed.reviewDue).toBe(false);
    expect(reviewed.version).toBe(before.version);
    expect(Date.parse(reviewed.lastReviewedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const after = await expectJson<KnowledgeReviewList>(await send(author, 'GET', `${kb}/review`), 200);
    expect(after.data.map((row) => row.id)).toEqual([oldest!.id]);

    // The workspace asks for a review every 3 months: the recent one is due as well.
    await reviewedMonthsAgo(recent!.id, 4);
    await server.platform.database.db
      .insert(schema.helpdeskSettings)
      .values({ tenantId: workspaceId, reviewAfterMonths: 3 })
      .onConflictDoUpdate({ target: schema.helpdeskSettings.tenantId, set: { reviewAfterMonths: 3 } });
    const shorter = await expectJson<KnowledgeReviewList>(await send(author, 'GET', `${kb}/review`), 200);
    expect(shorter.data.map((row) => row.id)).toEqual([oldest!.id, recent!.id]);
  });

  it('reminds the author of an article due for review once per overdue period', async () => {
    const due = await publish(author, await write(author, { title: unique('Due for review') }));
    const fresh = await publish(author, await write(author, { title: unique('Freshly reviewed') }));
    await reviewedMonthsAgo(due.id, 13);
    const remindersOf = async (id: string) =>
      (
        await expectJson<NotificationPage>(await author.request('/api/v1/notifications?limit=100'), 200)
      ).data.filter((notification) => notification.entityId === id);
    const runReminders = async () => {
      const job = await server.platform.jobs.enqueue(reviewRemindersQueue, {});
      const deadline = Date.now() + 20_000;
      for (;;) {
        const status = await server.platform.jobs.findJob(reviewRemindersQueue, job!);
        if (status?.state === 'completed') return;
        if (Date.now() > deadline) throw new Error(`the reminder job did not finish: ${status?.state}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    await runReminders();
    const reminded = await remindersOf(due.id);
    expect(reminded).toEqual([
      expect.objectContaining({
        kind: 'knowledge_review_due',
        title: expect.stringContaining('Due for review'),
        link: `/helpdesk/kb/articles/${due.id}`,
      }),
    ]);
    expect(await remindersOf(fresh.id)).toEqual([]);
    // The next day: still overdue, but already reminded in this period.
    await runReminders();
    expect(await remindersOf(due.id)).toHaveLength(1);
    // Reviewed, then overdue again a period later: a new reminder.
    await expectJson(await send(author, 'POST', `${kb}/articles/${due.id}/review`), 200);
    await reviewedMonthsAgo(due.id, 13);
    await runReminders();
    expect(await remindersOf(due.id)).toHaveLength(2);
  });

  describe('images', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const upload = (client: SessionClient, articleId: string, bytes: Uint8Array, name = 'shot.png') => {
      const form = new FormData();
      form.set('file', new Blob([bytes], { type: 'image/png' }), name);
      return client.request(`${kb}/articles/${articleId}/images`, { method: 'POST', body: form });
    };
    const signedOut = (url: string) => fetch(server.baseUrl + url);
    const withSession = (client: SessionClient, url: string) => client.request(url);

    it('stores an image, links it and serves it: to agents always, to anyone once published and public', async () => {
      const article = await write(author, { visibility: 'public' });
      const image = await expectJson<KnowledgeArticleImage>(await upload(author, article.id, png), 201);
      expect(image.url).toBe(`/help/${slug}/images/${image.id}`);

      // A draft's image: 404 signed out, the bytes for the workspace's agent.
      expect((await signedOut(image.url)).status).toBe(404);
      const forAgent = await withSession(colleague, image.url);
      expect(forAgent.status).toBe(200);
      expect(forAgent.headers.get('content-type')).toBe('image/png');
      expect(forAgent.headers.get('cache-control')).toMatch(/^private, max-age=\d{6,}/);
      expect(new Uint8Array(await forAgent.arrayBuffer())).toEqual(png);

      // The body keeps the image at its address, nothing else.
      const saved = await expectJson<KnowledgeArticle>(
        await send(author, 'PATCH', `${kb}/articles/${article.id}`, {
          content: `<p>Look</p><img src="${image.url}" alt="The screen"><img src="https://elsewhere.test/x.png">`,
          version: article.version,
        }),
        200,
      );
      expect(saved.content).toBe(`<p>Look</p><img src="${image.url}" alt="The screen" />`);

      await publish(author, saved);
      const forAnyone = await signedOut(image.url);
      expect(forAnyone.status).toBe(200);
      expect(forAnyone.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}/);
      expect(forAnyone.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('keeps an internal article’s image to agents, and answers 404 for other files and workspaces', async () => {
      const internal = await publish(author, await write(author, { visibility: 'internal' }));
      const image = await expectJson<KnowledgeArticleImage>(await upload(author, internal.id, png), 201);
      expect((await signedOut(image.url)).status).toBe(404);
      expect((await withSession(author, image.url)).status).toBe(200);

      // Workspace B: its agent, its own real image, and this workspace's.
      const other = await signUp(server, { companyName: 'Other Images Co' });
      const theirs = await expectJson<KnowledgeArticle>(
        await send(other.client, 'POST', `${kb}/articles`, { title: unique('Theirs'), visibility: 'public' }),
        201,
      );
      const theirImage = await expectJson<KnowledgeArticleImage>(
        await upload(other.client, theirs.id, png),
        201,
      );
      expect((await withSession(other.client, theirImage.url)).status).toBe(200);
      // Their file id under this workspace's address, and this workspace's under theirs: nothing.
      expect((await withSession(author, `/help/${slug}/images/${theirImage.id}`)).status).toBe(404);
      expect((await withSession(other.client, image.url)).status).toBe(404);
      expect(
        (await withSession(other.client, `/help/${other.me.workspace.slug}/images/${image.id}`)).status,
      ).toBe(404);
      // Nor can B link an image to this workspace's article.
      expect((await upload(other.client, internal.id, png)).status).toBe(404);
      expect((await signedOut(`/help/${slug}/images/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await signedOut(`/help/${slug}/images/not-a-file`)).status).toBe(404);

      // Deleted with its article: no longer served, and left to the clean-up of unattached files.
      expect((await send(author, 'DELETE', `${kb}/articles/${internal.id}`)).status).toBe(204);
      expect((await withSession(author, image.url)).status).toBe(404);
      const [file] = await server.platform.database.db
        .select({ unattachedSince: schema.storedFiles.unattachedSince })
        .from(schema.storedFiles)
        .where(eq(schema.storedFiles.id, image.id));
      expect(file?.unattachedSince).not.toBeNull();
    });

    it('refuses what is not a png, jpeg, gif or webp image, whatever its name says (400)', async () => {
      const article = await write(author);
      const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
      const refused = await upload(author, article.id, html, 'innocent.png');
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).fields).toHaveProperty('file');
      const tooBig = new Uint8Array(5 * 1024 * 1024 + 1);
      tooBig.set(png);
      expect((await upload(author, article.id, tooBig)).status).toBe(413);
    });
  });
});
