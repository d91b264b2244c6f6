import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  type KnowledgeArticle,
  type KnowledgeArticleList,
  type KnowledgeCategory,
  type KnowledgeCategoryTree,
  type KnowledgeDiff,
  type KnowledgeRevision,
  type KnowledgeRevisionList,
  type KnowledgeSearchMissList,
} from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

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
