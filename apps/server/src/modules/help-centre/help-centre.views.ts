import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { PublishedArticle, PublishedArticleItem, PublishedCategoryTree } from '../knowledge';
import type { HelpCentreSearchResult, HelpCentreSite } from './help-centre.service';

/**
 * The help centre's pages (ADR 030): html made on the server, every value escaped by `html`; only
 * the article's body (sanitised when it was saved) and the search snippets (escaped but for <mark>)
 * go in raw. No script: links and plain forms do everything.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** One small stylesheet in the page: nothing else to fetch before the first paint. */
const styles = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
a{color:#3730a3}
a:hover{color:#1e1b4b}
:focus-visible{outline:3px solid #4f46e5;outline-offset:2px;border-radius:2px}
.wrap{max-width:56rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:1rem}
.top{background:#fff;border-bottom:1px solid #e2e8f0}
.top .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1rem;padding-top:.75rem;padding-bottom:.75rem}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;color:#0f172a;text-decoration:none}
.brand img{width:32px;height:32px;object-fit:contain}
.brand span{font-weight:400;color:#475569}
.top nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0;list-style:none;font-size:.9375rem}
.hero{background:#312e81;color:#fff;padding:2rem 0}
.hero h1{margin:0 0 1rem;font-size:1.75rem;line-height:1.25}
.search{display:flex;gap:.5rem;max-width:36rem}
.search label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.search input{flex:1;min-width:0;font:inherit;padding:.625rem .75rem;border:1px solid #64748b;border-radius:.5rem;background:#fff;color:#0f172a}
button{font:inherit;font-weight:600;padding:.625rem 1rem;border-radius:.5rem;border:1px solid #3730a3;background:#4338ca;color:#fff;cursor:pointer}
button:hover{background:#3730a3}
.hero button{background:#fff;color:#312e81;border-color:#fff}
main>.wrap{padding-top:1.5rem;padding-bottom:3rem}
h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;line-height:1.3;margin:2rem 0 .75rem}
.muted{color:#475569}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));margin:0;padding:0;list-style:none}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem}
.card h3{margin:0;font-size:1.0625rem}
.card ul{margin:.5rem 0 0;padding-left:1.1rem}
.list{margin:0;padding:0;list-style:none}
.list li{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:.875rem 1rem;margin-bottom:.75rem}
.list a{font-weight:600}
.list p{margin:.25rem 0 0;color:#475569}
mark{background:#fde68a;color:inherit;padding:0 .1em}
.crumbs ol{display:flex;flex-wrap:wrap;gap:.25rem;margin:0;padding:0;list-style:none;font-size:.9375rem}
.crumbs li+li::before{content:"›";margin-right:.25rem;color:#475569}
.article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;overflow-wrap:anywhere}
.article>:first-child{margin-top:0}
.article>:last-child{margin-bottom:0}
.article img{max-width:100%;height:auto}
.article pre{overflow-x:auto;background:#f1f5f9;padding:.75rem;border-radius:.5rem}
.article code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
.article table{border-collapse:collapse;display:block;overflow-x:auto}
.article th,.article td{border:1px solid #cbd5e1;padding:.375rem .625rem;text-align:left}
.article blockquote{margin:1rem 0;padding-left:1rem;border-left:4px solid #cbd5e1;color:#334155}
.feedback{margin-top:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem}
.feedback h2{margin:0 0 .75rem;font-size:1.0625rem}
.feedback form{display:flex;gap:.75rem}
.thanks{margin:0;font-weight:600;color:#166534}
footer{border-top:1px solid #e2e8f0;padding:1.5rem 0;font-size:.875rem;color:#475569}
main>.wrap>h2:first-child{margin-top:.5rem}
@media (min-width:40rem){.hero{padding:3rem 0}.hero h1,h1{font-size:2rem}}
`.replace(/\n/g, '');

export type PageMeta = {
  /** Left out on the home page. */
  title?: string;
  description?: string;
  /** The page's address on the public URL; left out for pages search engines should not keep. */
  canonical?: string;
  type?: 'website' | 'article';
};

const helpPath = (site: HelpCentreSite, rest = '') => `/help/${encodeURIComponent(site.slug)}${rest}`;
export const articlePath = (site: HelpCentreSite, slug: string) =>
  helpPath(site, `/${encodeURIComponent(slug)}`);
export const categoryPath = (site: HelpCentreSite, id: string) => helpPath(site, `/categories/${id}`);
export const searchPath = (site: HelpCentreSite) => helpPath(site, '/search');
export const homePath = (site: HelpCentreSite) => helpPath(site);

/** `<page> — <workspace> Help Centre`; the home page is the help centre's name alone. */
const titleOf = (site: HelpCentreSite | undefined, title: string | undefined) =>
  site ? [title, `${site.name} Help Centre`].filter(Boolean).join(' — ') : (title ?? 'Help Centre');

function layout(site: HelpCentreSite | undefined, meta: PageMeta, main: Html, hero?: Html): Html {
  const title = titleOf(site, meta.title);
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${meta.description ? html`<meta name="description" content="${meta.description}" />` : ''}
        ${meta.canonical ? html`<link rel="canonical" href="${meta.canonical}" />` : html`<meta name="robots" content="noindex" />`}
        <meta property="og:type" content="${meta.type ?? 'website'}" />
        <meta property="og:title" content="${title}" />
        ${meta.description ? html`<meta property="og:description" content="${meta.description}" />` : ''}
        ${meta.canonical ? html`<meta property="og:url" content="${meta.canonical}" />` : ''}
        ${site ? html`<meta property="og:site_name" content="${site.name} Help Centre" />` : ''}
        <link rel="icon" href="data:," />
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        ${site ? header(site) : ''}
        <main id="main">
          ${hero ?? ''}
          <div class="wrap">${main}</div>
        </main>
        ${site ? html`<footer><div class="wrap">${site.name} Help Centre</div></footer>` : ''}
      </body>
    </html>`;
}

function header(site: HelpCentreSite): Html {
  return html`<header class="top">
    <div class="wrap">
      <a class="brand" href="${homePath(site)}"
        >${site.logo ? html`<img src="${site.logo}" alt="" width="32" height="32" />` : ''}${site.name}
        <span>Help Centre</span></a
      >
      <nav aria-label="Help centre">
        <ul>
          <li><a href="/helpdesk/portal">Submit a request</a></li>
          <li><a href="/login">Sign in</a></li>
          ${site.customerSignUp ? html`<li><a href="/portal/sign-up/${encodeURIComponent(site.slug)}">Sign up</a></li>` : ''}
        </ul>
      </nav>
    </div>
  </header>`;
}

function searchForm(site: HelpCentreSite, q = ''): Html {
  return html`<form class="search" role="search" action="${searchPath(site)}" method="get">
    <label for="q">Search the help centre</label>
    <input id="q" type="search" name="q" value="${q}" placeholder="Search for answers" required />
    <button type="submit">Search</button>
  </form>`;
}

function crumbs(items: { label: string; href?: string }[]): Html {
  return html`<nav class="crumbs" aria-label="Breadcrumb">
    <ol>
      ${items.map((item) =>
        item.href
          ? html`<li><a href="${item.href}">${item.label}</a></li>`
          : html`<li aria-current="page">${item.label}</li>`,
      )}
    </ol>
  </nav>`;
}

function articleList(site: HelpCentreSite, articles: PublishedArticleItem[]): Html {
  return html`<ul class="list">
    ${articles.map(
      (article) =>
        html`<li>
          <a href="${articlePath(site, article.slug)}">${article.title}</a
          >${article.summary ? html`<p>${article.summary}</p>` : ''}
        </li>`,
    )}
  </ul>`;
}

const countLabel = (count: number) => `${count} ${count === 1 ? 'article' : 'articles'}`;

export function homePage(
  site: HelpCentreSite,
  content: { categories: PublishedCategoryTree; popular: PublishedArticleItem[] },
  canonical: string,
): Html {
  const { categories, popular } = content;
  const main = html`<h2 id="categories-heading">Browse by topic</h2>
    ${
      categories.length === 0
        ? html`<p class="muted">No articles have been published yet.</p>`
        : html`<ul class="grid" aria-labelledby="categories-heading">
            ${categories.map(
              (top) =>
                html`<li class="card">
                  <h3><a href="${categoryPath(site, top.id)}">${top.name}</a></h3>
                  <p class="muted">
                    ${countLabel(top.articleCount + top.children.reduce((sum, sub) => sum + sub.articleCount, 0))}
                  </p>
                  ${
                    top.children.length
                      ? html`<ul>
                          ${top.children.map((sub) => html`<li><a href="${categoryPath(site, sub.id)}">${sub.name}</a> <span class="muted">(${sub.articleCount})</span></li>`)}
                        </ul>`
                      : ''
                  }
                </li>`,
            )}
          </ul>`
    }
    ${
      popular.length
        ? html`<h2>Popular articles</h2>
            ${articleList(site, popular)}`
        : ''
    }`;
  return layout(
    site,
    { description: `Answers and guides from ${site.name}.`, canonical },
    main,
    html`<div class="hero">
      <div class="wrap">
        <h1>How can we help?</h1>
        ${searchForm(site)}
      </div>
    </div>`,
  );
}

export function searchPage(site: HelpCentreSite, q: string, results: HelpCentreSearchResult[]): Html {
  const heading = q ? `Results for “${q}”` : 'Search the help centre';
  const main = html`${crumbs([{ label: 'Help Centre', href: homePath(site) }, { label: 'Search' }])}
    <h1>${heading}</h1>
    ${searchForm(site, q)}
    ${
      !q
        ? ''
        : results.length === 0
          ? html`<div role="status">
              <h2>No articles found</h2>
              <p class="muted">
                Nothing matched “${q}”. Try other or fewer words, check the spelling, or
                <a href="${homePath(site)}">browse the topics</a>.
              </p>
            </div>`
          : html`<p class="muted" role="status">
                ${results.length === 1 ? '1 article found' : `${results.length} articles found`}
              </p>
              <ul class="list">
                ${results.map(
                  (result) =>
                    html`<li>
                      <a href="${articlePath(site, result.slug)}">${result.title}</a
                      >${result.snippet ? html`<p>${raw(result.snippet)}</p>` : result.summary ? html`<p>${result.summary}</p>` : ''}
                    </li>`,
                )}
              </ul>`
    }`;
  return layout(site, { title: q ? `Search: ${q}` : 'Search' }, main);
}

export function categoryPage(
  site: HelpCentreSite,
  content: {
    category: { id: string; name: string };
    parent: { id: string; name: string } | null;
    subcategories: { id: string; name: string; articleCount: number }[];
    articles: PublishedArticleItem[];
  },
  canonical: string,
): Html {
  const { category, parent, subcategories, articles } = content;
  const main = html`${crumbs([
      { label: 'Help Centre', href: homePath(site) },
      ...(parent ? [{ label: parent.name, href: categoryPath(site, parent.id) }] : []),
      { label: category.name },
    ])}
    <h1>${category.name}</h1>
    ${
      subcategories.length
        ? html`<h2>Topics</h2>
            <ul class="list">
              ${subcategories.map(
                (sub) =>
                  html`<li>
                    <a href="${categoryPath(site, sub.id)}">${sub.name}</a>
                    <p>${countLabel(sub.articleCount)}</p>
                  </li>`,
              )}
            </ul>`
        : ''
    }
    ${articles.length ? html`${subcategories.length ? html`<h2>Articles</h2>` : ''}${articleList(site, articles)}` : ''}`;
  return layout(
    site,
    { title: category.name, description: `${category.name}: articles from ${site.name}.`, canonical },
    main,
  );
}

export function articlePage(
  site: HelpCentreSite,
  article: PublishedArticle,
  options: { canonical: string; thanked: boolean },
): Html {
  const updated = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: site.timeZone }).format(
    new Date(article.updatedAt),
  );
  const main = html`${crumbs([
      { label: 'Help Centre', href: homePath(site) },
      ...(article.category
        ? [{ label: article.category.name, href: categoryPath(site, article.category.id) }]
        : []),
      { label: article.title },
    ])}
    <article>
      <h1>${article.title}</h1>
      <p class="muted">Updated <time datetime="${article.updatedAt}">${updated}</time></p>
      <div class="article">${raw(article.content)}</div>
    </article>
    <section class="feedback" id="feedback" aria-labelledby="feedback-heading">
      <h2 id="feedback-heading">Was this helpful?</h2>
      ${
        options.thanked
          ? html`<p class="thanks" role="status">Thank you for your feedback.</p>`
          : html`<form method="post" action="${articlePath(site, article.slug)}/feedback">
              <button type="submit" name="helpful" value="yes">Yes</button>
              <button type="submit" name="helpful" value="no">No</button>
            </form>`
      }
      <p class="muted">Still need help? <a href="/helpdesk/portal">Submit a request</a>.</p>
    </section>`;
  return layout(
    site,
    {
      title: article.title,
      description: article.summary || undefined,
      canonical: options.canonical,
      type: 'article',
    },
    main,
  );
}

export function notFoundPage(site: HelpCentreSite | undefined): Html {
  const main = html`<h1>Page not found</h1>
    <p class="muted">This page does not exist or is no longer published.</p>
    ${
      site
        ? html`${searchForm(site)}
            <p><a href="${homePath(site)}">Back to the ${site.name} Help Centre</a></p>`
        : html`<p><a href="/">Go to the home page</a></p>`
    }`;
  return layout(site, { title: 'Page not found' }, main);
}

/** The same escaping as the pages' (`html`), under a name that leaves the XML as written. */
const xml = html;

export function sitemap(urls: { loc: string; lastmod?: string | undefined }[]): Html {
  const entries = urls.map(
    (url) =>
      xml`<url><loc>${url.loc}</loc>${url.lastmod ? xml`<lastmod>${url.lastmod}</lastmod>` : ''}</url>\n`,
  );
  return xml`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</urlset>\n`;
}
