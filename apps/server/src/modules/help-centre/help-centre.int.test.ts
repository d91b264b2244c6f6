import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpdeskSettings, KnowledgeArticle, KnowledgeCategory } from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 22, the public help centre: pages made on the server for signed-out visitors, showing only
// published, public articles.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const kb = '/api/v1/helpdesk/kb';

/** A word no other article has: letters only, so the search reads it as one word. */
function word(length = 10) {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** A signed-out visitor: no cookie, the browser's user agent. */
function visit(path: string, init: RequestInit & { userAgent?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('user-agent', init.userAgent ?? 'Visitor browser');
  return fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init, headers });
}

const answer = (path: string, helpful: 'yes' | 'no', userAgent = 'Visitor browser') =>
  visit(`${path}/feedback`, {
    method: 'POST',
    userAgent,
    headers: { origin: server.baseUrl },
    body: new URLSearchParams({ helpful }),
  });

type Desk = { admin: SessionClient; slug: string; path: string };

async function helpCentre(companyName: string): Promise<Desk> {
  const owner = await signUp(server, { companyName: unique(companyName) });
  const slug = owner.me.workspace.slug;
  return { admin: owner.client, slug, path: `/help/${slug}` };
}

async function article(
  desk: Desk,
  values: { title?: string; body?: string; visibility?: 'public' | 'internal'; categoryId?: string },
  ...steps: ('published' | 'archived')[]
): Promise<KnowledgeArticle> {
  let created = await expectJson<KnowledgeArticle>(
    await desk.admin.request(`${kb}/articles`, {
      method: 'POST',
      json: {
        title: values.title ?? unique('Article'),
        summary: 'What it answers',
        content: `<p>${values.body ?? word()}</p>`,
        categoryId: values.categoryId ?? null,
        tags: [],
        visibility: values.visibility ?? 'public',
      },
    }),
    201,
  );
  for (const status of steps) {
    created = await expectJson<KnowledgeArticle>(
      await desk.admin.request(`${kb}/articles/${created.id}/status`, {
        method: 'POST',
        json: { status, version: created.version },
      }),
      200,
    );
  }
  return created;
}

const read = async (desk: Desk, id: string) =>
  expectJson<KnowledgeArticle>(await desk.admin.request(`${kb}/articles/${id}`), 200);

describe('public help centre (issue 22)', () => {
  let desk: Desk;
  beforeAll(async () => {
    desk = await helpCentre('Help Co');
  });

  it('finds a published public article by a word of its body and shows its page', async () => {
    const bodyWord = word();
    const published = await article(
      desk,
      { title: 'Resetting a password', body: `Open ${bodyWord} now` },
      'published',
    );

    const results = await visit(`${desk.path}/search?q=${bodyWord}`);
    expect(results.status).toBe(200);
    const resultsHtml = await results.text();
    expect(resultsHtml).toContain(`href="${desk.path}/${published.slug}"`);
    expect(resultsHtml).toContain(`<mark>${bodyWord}</mark>`);

    const page = await visit(`${desk.path}/${published.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('<title>Resetting a password — Help Co');
    expect(pageHtml).toContain('<h1>Resetting a password</h1>');
    expect(pageHtml).toContain('<meta name="description" content="What it answers" />');
    expect(pageHtml).toContain(
      `<link rel="canonical" href="${server.baseUrl}${desk.path}/${published.slug}" />`,
    );
    expect(pageHtml).toContain('<html lang="en">');
  });

  it('shows the categories with their counts and the popular articles on the home page', async () => {
    const category = await expectJson<KnowledgeCategory>(
      await desk.admin.request(`${kb}/categories`, { method: 'POST', json: { name: unique('Billing') } }),
      201,
    );
    const inCategory = await article(desk, { categoryId: category.id }, 'published');
    await article(desk, { categoryId: category.id, visibility: 'internal' }, 'published');

    const home = await (await visit(desk.path)).text();
    expect(home).toContain(`href="${desk.path}/categories/${category.id}"`);
    expect(home).toContain(`${category.name}</a>`);
    expect(home).toContain('Popular articles');
    const page = await visit(`${desk.path}/categories/${category.id}`);
    expect(page.status).toBe(200);
    const listed = await page.text();
    expect(listed).toContain(`href="${desk.path}/${inCategory.slug}"`);
    expect(listed.match(/<li><a href="\/help\//g)).toHaveLength(1);
  });

  it('answers 404 for drafts, internal, archived and unknown articles, and never lists them', async () => {
    const shared = word();
    const listed = await article(desk, { body: shared }, 'published');
    const hidden = [
      await article(desk, { body: shared }),
      await article(desk, { body: shared, visibility: 'internal' }, 'published'),
      await article(desk, { body: shared }, 'published', 'archived'),
    ];
    for (const slug of [...hidden.map((a) => a.slug), 'no-such-article']) {
      const page = await visit(`${desk.path}/${slug}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Page not found');
    }
    const results = await (await visit(`${desk.path}/search?q=${shared}`)).text();
    expect(results).toContain(`href="${desk.path}/${listed.slug}"`);
    const sitemap = await visit(`${desk.path}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const sitemapXml = await sitemap.text();
    const robots = await visit('/robots.txt');
    expect(await robots.text()).toMatch(/^User-agent: \*\nDisallow: \/api\/\nAllow: \/help\/$/m);
    expect(sitemapXml).toContain(`<loc>${server.baseUrl}${desk.path}/${listed.slug}</loc>`);
    for (const hiddenArticle of hidden) {
      expect(results).not.toContain(`${desk.path}/${hiddenArticle.slug}"`);
      expect(sitemapXml).not.toContain(`${desk.path}/${hiddenArticle.slug}<`);
    }
    expect(await (await visit(`${desk.path}/categories/${crypto.randomUUID()}`)).status).toBe(404);
    expect(await (await visit(`${desk.path}/categories/not-an-id`)).status).toBe(404);
  });

  it('shows an article titled "Search" at its address, and the search page to the search form', async () => {
    const titled = await article(desk, { title: 'Search' }, 'published');
    expect(titled.slug).toBe('search');
    const page = await visit(`${desk.path}/search`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Search</h1>');
    expect(await (await visit(`${desk.path}/search?q=`)).text()).toContain('<h1>Search the help centre</h1>');
  });

  it('says so when a search finds nothing', async () => {
    const page = await visit(`${desk.path}/search?q=${word()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('No articles found');
  });

  it('counts a view once per visitor per day, and none for crawlers', async () => {
    const viewed = await article(desk, {}, 'published');
    const path = `${desk.path}/${viewed.slug}`;
    const phone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
    const laptop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect((await visit(path, { userAgent: phone })).status).toBe(200);
    expect((await visit(path, { userAgent: phone })).status).toBe(200);
    expect((await read(desk, viewed.id)).views).toBe(1);
    expect((await visit(path, { userAgent: laptop })).status).toBe(200);
    // A search engine's crawler reads the page but is nobody's view.
    const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await visit(path, { userAgent: crawler })).status).toBe(200);
    const after = await read(desk, viewed.id);
    expect(after.views).toBe(2);
    // A view is not an edit: the article's version and updated time stay.
    expect(after.version).toBe(viewed.version);
    expect(after.updatedAt).toBe(viewed.updatedAt);
  });

  it('takes one answer per visitor to "Was this helpful?", a second one changing the first', async () => {
    const voted = await article(desk, {}, 'published');
    const path = `${desk.path}/${voted.slug}`;
    const first = await answer(path, 'yes', 'Phone');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`${path}?thanks#feedback`);
    expect(await (await visit(`${path}?thanks`)).text()).toContain('Thank you for your feedback.');
    expect(await read(desk, voted.id)).toMatchObject({ helpful: 1, notHelpful: 0 });
    await answer(path, 'yes', 'Phone');
    expect(await read(desk, voted.id)).toMatchObject({ helpful: 1, notHelpful: 0 });
    await answer(path, 'no', 'Phone');
    expect(await read(desk, voted.id)).toMatchObject({ helpful: 0, notHelpful: 1 });
    await answer(path, 'yes', 'Laptop');
    expect(await read(desk, voted.id)).toMatchObject({ helpful: 1, notHelpful: 1 });
    // Another site's form cannot answer for a visitor.
    const forged = await visit(`${path}/feedback`, {
      method: 'POST',
      userAgent: 'Phone',
      headers: { origin: 'https://elsewhere.example' },
      body: new URLSearchParams({ helpful: 'yes' }),
    });
    expect(forged.status).toBe(403);
    expect(await read(desk, voted.id)).toMatchObject({ helpful: 1, notHelpful: 1 });
    // An article the public cannot read takes no answers.
    const draft = await article(desk, {});
    expect((await answer(`${desk.path}/${draft.slug}`, 'yes')).status).toBe(404);
  });

  it("answers 404 for another workspace's article under this workspace's address", async () => {
    const other = await helpCentre('Other Co');
    const theirs = await article(other, {}, 'published');
    expect((await visit(`${other.path}/${theirs.slug}`)).status).toBe(200);
    expect((await visit(`${desk.path}/${theirs.slug}`)).status).toBe(404);
    expect((await visit('/help/no-such-workspace')).status).toBe(404);
  });

  it('answers 404 everywhere once the workspace turns its help centre off', async () => {
    const closing = await helpCentre('Closed Co');
    const published = await article(closing, {}, 'published');
    const settings = await expectJson<HelpdeskSettings>(
      await closing.admin.request('/api/v1/helpdesk/settings'),
      200,
    );
    expect(settings).toMatchObject({ helpCentreEnabled: true, customerSignUp: false });
    expect(await (await visit(closing.path)).text()).not.toContain('Sign up</a>');
    const saved = await expectJson<HelpdeskSettings>(
      await closing.admin.request('/api/v1/helpdesk/settings', {
        method: 'PUT',
        json: { ...settings, customerSignUp: true },
      }),
      200,
    );
    expect(await (await visit(closing.path)).text()).toContain(
      `href="/portal/sign-up/${closing.slug}">Sign up</a>`,
    );
    await expectJson(
      await closing.admin.request('/api/v1/helpdesk/settings', {
        method: 'PUT',
        json: { ...saved, helpCentreEnabled: false },
      }),
      200,
    );
    for (const path of ['', `/${published.slug}`, `/search?q=x`, '/sitemap.xml']) {
      expect((await visit(`${closing.path}${path}`)).status).toBe(404);
    }
  });
});
