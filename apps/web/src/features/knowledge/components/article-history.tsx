import type { KnowledgeArticle, KnowledgeRevisionList } from '@atrium/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { cn } from '../../../lib/cn';
import { useWorkspaceTimeZone } from '../../workspace';
import { diffQueryOptions, restoreRevision, revisionsQueryOptions } from '../api/knowledge.queries';

type Revision = KnowledgeRevisionList['data'][number];

/**
 * An article's history (issue 22): every save with who and when, what changed between any two
 * (the server's line diff), and a restore that saves an old revision again as the newest.
 */
export function ArticleHistory({
  article,
  onRestored,
}: {
  article: KnowledgeArticle;
  onRestored: (restored: KnowledgeArticle) => void;
}) {
  const timeZone = useWorkspaceTimeZone();
  const revisions = useQuery(revisionsQueryOptions(article.id));
  const [restoring, setRestoring] = useState<Revision | null>(null);

  const restore = useMutation({
    mutationFn: (revision: Revision) => restoreRevision(article.id, revision.id, article.version),
    onSuccess: (restored) => {
      setRestoring(null);
      onRestored(restored);
    },
  });

  return (
    <section
      aria-labelledby="history-heading"
      className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="history-heading" className="text-base font-semibold text-slate-900">
        History
      </h2>
      {revisions.isPending ? (
        <ListSkeleton label="Loading the history…" rows={3} />
      ) : revisions.isError ? (
        <LoadError
          error={revisions.error}
          title="The history could not be loaded"
          onRetry={() => void revisions.refetch()}
        />
      ) : (
        <>
          <ol aria-label="Revisions" className="divide-y divide-slate-100">
            {revisions.data.data.map((revision) => (
              <li key={revision.id} className="flex items-start justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    Revision {revision.number}
                    {revision.number === article.revision ? (
                      <span className="ml-1 font-normal text-slate-600">(current)</span>
                    ) : null}
                  </p>
                  <p className="text-slate-600">
                    {revision.author?.name ?? 'Someone'} · {formatDateTime(revision.createdAt, timeZone)}
                  </p>
                </div>
                {revision.number !== article.revision ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Restore revision ${revision.number}`}
                    onClick={() => {
                      restore.reset();
                      setRestoring(revision);
                    }}
                  >
                    Restore
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
          {revisions.data.data.length > 1 ? (
            <RevisionDiff articleId={article.id} revisions={revisions.data.data} />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        title={`Restore revision ${restoring?.number ?? ''}?`}
        description={
          <>
            The article takes that revision’s title, summary and text, saved as a new revision; nothing in its
            history is lost.
            {restore.isError ? (
              <span className="mt-2 block font-medium text-red-700">
                {restore.error instanceof ApiError && restore.error.status === 412
                  ? 'Someone else saved the article meanwhile: load their version, then restore.'
                  : restore.error.message}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Restore"
        destructive={false}
        pending={restore.isPending}
        onConfirm={() => restoring && restore.mutate(restoring)}
      />
    </section>
  );
}

/** Two revisions picked by number (the latest and the one before, to start) and their line diff. */
function RevisionDiff({ articleId, revisions }: { articleId: string; revisions: Revision[] }) {
  const fromId = useId();
  const toId = useId();
  const [to, setTo] = useState(revisions[0]!.number);
  const [from, setFrom] = useState(revisions[1]!.number);
  const diff = useQuery(diffQueryOptions(articleId, from, to));
  const options = revisions.map((revision) => (
    <option key={revision.id} value={revision.number}>
      Revision {revision.number}
    </option>
  ));

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">Compare</h3>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={fromId} className="block text-xs font-medium text-slate-700">
            From
          </label>
          <Select id={fromId} value={from} onChange={(event) => setFrom(Number(event.target.value))}>
            {options}
          </Select>
        </div>
        <div>
          <label htmlFor={toId} className="block text-xs font-medium text-slate-700">
            To
          </label>
          <Select id={toId} value={to} onChange={(event) => setTo(Number(event.target.value))}>
            {options}
          </Select>
        </div>
      </div>
      {diff.isPending ? (
        <ListSkeleton label="Comparing…" rows={3} />
      ) : diff.isError ? (
        <ServerErrorAlert error={diff.error} title="The revisions could not be compared" />
      ) : diff.data.lines.every((line) => line.change === 'same') ? (
        <p className="text-sm text-slate-600">No differences.</p>
      ) : (
        <div
          role="region"
          aria-label={`Changes from revision ${from} to revision ${to}`}
          tabIndex={0}
          className="max-h-80 overflow-auto rounded-lg font-mono text-xs ring-1 ring-slate-200"
        >
          {diff.data.lines.map((line, index) => (
            <p
              key={index}
              className={cn(
                'px-2 py-0.5 break-words whitespace-pre-wrap',
                line.change === 'added' && 'bg-emerald-50 text-emerald-900',
                line.change === 'removed' && 'bg-red-50 text-red-900 line-through decoration-red-400',
                line.change === 'same' && 'text-slate-700',
              )}
            >
              <span aria-hidden="true">
                {line.change === 'added' ? '+ ' : line.change === 'removed' ? '− ' : '  '}
              </span>
              {line.change === 'added' ? <span className="sr-only">Added: </span> : null}
              {line.change === 'removed' ? <span className="sr-only">Removed: </span> : null}
              {line.text || ' '}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
