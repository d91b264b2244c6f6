import type { KnowledgeArticleSummary } from '@atrium/shared';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { agentArticlePath } from '../lib/article-links';
import { ArticleStatusBadge, ArticleVisibilityBadge } from './article-badges';

/**
 * Articles as rows: title, where the search found its words (the server's snippet: escaped html
 * but for <mark>) or else its summary, its status, visibility, category and tags.
 */
export function ArticleList({
  articles,
  timeZone,
  aside,
}: {
  articles: readonly KnowledgeArticleSummary[];
  timeZone: string | undefined;
  /** What the row says on the right instead of the last change ("Last reviewed …"). */
  aside?: (article: KnowledgeArticleSummary) => string;
}) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {articles.map((article) => (
        <li key={article.id} className="relative px-4 py-3 hover:bg-slate-50">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <Link
              to={agentArticlePath(article.id)}
              className="min-w-0 font-semibold break-words text-slate-900 after:absolute after:inset-0 hover:text-indigo-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-indigo-600"
            >
              {article.title}
            </Link>
            <span className="text-xs text-slate-600">
              {aside ? aside(article) : `Updated ${formatDate(article.updatedAt, timeZone)}`}
            </span>
          </div>
          {article.snippet ? (
            <p
              className="mt-1 text-sm text-slate-700 [&_mark]:rounded-sm [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-slate-900"
              // The server escapes everything in a snippet but its own <mark> tags.
              dangerouslySetInnerHTML={{ __html: article.snippet }}
            />
          ) : article.summary ? (
            <p className="mt-1 line-clamp-2 text-sm text-slate-700">{article.summary}</p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <ArticleStatusBadge status={article.status} />
            <ArticleVisibilityBadge visibility={article.visibility} />
            {article.category ? <span>{article.category.name}</span> : null}
            {article.tags.map((tag) => (
              <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                #{tag}
              </span>
            ))}
            {article.author ? <span>by {article.author.name}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
