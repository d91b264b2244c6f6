import { useInfiniteQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { initialsOf } from '../../../lib/initials';
import { useWorkspaceTimeZone } from '../../workspace';
import { recentActivityQueryOptions } from '../api/activity.queries';

/** Spec section 2, "Dashboard": the Recent Activity list, from the workspace's activity log. */
export function RecentActivity() {
  const timeZone = useWorkspaceTimeZone();
  const activity = useInfiniteQuery(recentActivityQueryOptions());
  const items = activity.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section
      aria-labelledby="activity-title"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="activity-title" className="px-4 pt-5 text-lg font-semibold text-slate-900 sm:px-6">
        Recent Activity
      </h2>
      {activity.isPending ? (
        <div role="status" className="space-y-3 px-4 py-5 sm:px-6">
          <span className="sr-only">Loading the recent activity…</span>
          {[0, 1, 2].map((index) => (
            <div
              key={index}
              aria-hidden="true"
              className="h-12 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
            />
          ))}
        </div>
      ) : activity.isError ? (
        <div className="px-4 py-5 sm:px-6">
          <ServerErrorAlert error={activity.error} title="The recent activity could not be loaded" />
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void activity.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="px-4 py-10 text-center sm:px-6">
          <Activity aria-hidden="true" className="mx-auto size-8 text-slate-400" />
          <p className="mt-3 font-medium text-slate-900">No activity yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Changes people make in the workspace — invitations, projects, tasks — show up here.
          </p>
        </div>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id} className="flex gap-3 px-4 py-3 sm:px-6">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
                >
                  {initialsOf(item.actorName)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-800">
                    <span className="font-semibold text-slate-900">{item.actorName}</span> {item.summary}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    <time dateTime={item.occurredAt} title={formatDateTime(item.occurredAt, timeZone)}>
                      {formatRelative(item.occurredAt)}
                    </time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {activity.hasNextPage ? (
            <div className="border-t border-slate-100 px-4 py-3 sm:px-6">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void activity.fetchNextPage()}
                disabled={activity.isFetchingNextPage}
              >
                {activity.isFetchingNextPage ? <Spinner /> : null}
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
