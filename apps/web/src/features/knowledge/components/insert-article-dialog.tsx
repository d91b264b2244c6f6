import type { KnowledgeArticleSummary } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMe } from '../../accounts';
import { publishedArticleSearchQueryOptions } from '../api/knowledge.queries';
import { shareableArticleUrl } from '../lib/article-links';
import { ArticleVisibilityBadge } from './article-badges';

/**
 * Issue 22, in the ticket composer: search the published articles and pick one; `onInsert` gets
 * its title and the link to give (the help centre's page for a public article, the agents' page
 * for an internal one).
 */
export function InsertArticleDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (article: { title: string; url: string }) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Insert article"
      description="Search the published articles; a link to the one you pick goes into the reply."
    >
      {open ? <ArticleSearch onPick={(article) => onInsert(article)} /> : null}
    </Modal>
  );
}

function ArticleSearch({ onPick }: { onPick: (article: { title: string; url: string }) => void }) {
  const me = useMe();
  const inputId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const results = useQuery({ ...publishedArticleSearchQueryOptions(q), enabled: q !== '' });
  const pick = (article: KnowledgeArticleSummary) =>
    onPick({ title: article.title, url: shareableArticleUrl(article, me.workspace.slug) });

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Search articles
      </label>
      <Input
        id={inputId}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Words from the title or text"
        onChange={(event) => setText(event.target.value)}
      />
      <div aria-live="polite" className="min-h-6 text-sm text-slate-600">
        {q === '' ? (
          'Type to search.'
        ) : results.isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner /> Searching…
          </span>
        ) : results.isError ? null : results.data.data.length === 0 ? (
          'No published article matches.'
        ) : (
          `${results.data.data.length} found`
        )}
      </div>
      {results.isError ? <ServerErrorAlert error={results.error} title="The search failed" /> : null}
      {results.data && q !== '' && results.data.data.length > 0 ? (
        <ul aria-label="Articles found" className="max-h-72 space-y-1 overflow-y-auto">
          {results.data.data.map((article) => (
            <li key={article.id}>
              <button
                type="button"
                onClick={() => pick(article)}
                className="w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{article.title}</span>
                  <ArticleVisibilityBadge visibility={article.visibility} />
                </span>
                {article.snippet ? (
                  <span
                    className="mt-0.5 block text-sm text-slate-700 [&_mark]:bg-amber-100"
                    // The server escapes everything in a snippet but its own <mark> tags.
                    dangerouslySetInnerHTML={{ __html: article.snippet }}
                  />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
