import type { PortalSuggestion } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { portalSuggestionsQueryOptions } from '../api/portal.queries';

/** The search's snippet: html escaped by the server but for <mark> around the words found. */
function Snippet({ suggestion }: { suggestion: PortalSuggestion }) {
  return (
    <p
      className="mt-1 line-clamp-2 text-sm text-slate-600 [&_mark]:rounded [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-slate-900"
      dangerouslySetInnerHTML={{ __html: suggestion.snippet }}
    />
  );
}

/**
 * Issue 22: while the subject is typed, the articles that may answer it. Each opens in the portal,
 * where "This answered my question" spares the customer the ticket.
 */
export function ArticleSuggestions({ subject }: { subject: string }) {
  const q = useDebouncedValue(subject.trim(), 350);
  const suggestions = useQuery(portalSuggestionsQueryOptions(q));
  const found = q.length >= 3 ? (suggestions.data?.data ?? []) : [];
  return (
    <div aria-live="polite">
      {found.length > 0 ? (
        <section
          aria-labelledby="suggestions-heading"
          className="rounded-xl bg-indigo-50/60 p-4 ring-1 ring-indigo-200"
        >
          <h2 id="suggestions-heading" className="text-sm font-semibold text-indigo-900">
            These articles may answer your question
          </h2>
          <ul className="mt-3 space-y-3">
            {found.map((suggestion) => (
              <li key={suggestion.id}>
                <Link
                  to={`/helpdesk/portal/articles/${encodeURIComponent(suggestion.slug)}?${new URLSearchParams({ q }).toString()}`}
                  className="inline-flex items-center gap-2 rounded font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <BookOpen aria-hidden="true" className="size-4 shrink-0" />
                  {suggestion.title}
                </Link>
                <Snippet suggestion={suggestion} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
