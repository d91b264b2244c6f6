import type { TaskListView } from '../lib/task-list-filters';

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/** The shape of the list while its first page loads, so nothing jumps when it arrives. */
export function TaskListSkeleton({ view }: { view: TaskListView }) {
  return (
    <div role="status">
      <span className="sr-only">Loading tasks…</span>
      {view === 'grid' ? (
        <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className={`h-4 w-3/4 ${pulse}`} />
              <div className={`h-3 w-1/2 ${pulse}`} />
              <div className="flex gap-2">
                <div className={`h-5 w-20 rounded-full ${pulse}`} />
                <div className={`h-5 w-16 rounded-full ${pulse}`} />
              </div>
              <div className={`h-3 w-2/3 ${pulse}`} />
            </div>
          ))}
        </div>
      ) : (
        <div
          aria-hidden="true"
          className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="flex items-center gap-4 px-4 py-3.5 sm:px-6">
              <div className={`size-4 ${pulse}`} />
              <div className={`h-4 w-48 ${pulse}`} />
              <div className={`hidden h-4 w-28 sm:block ${pulse}`} />
              <div className={`hidden h-5 w-20 rounded-full md:block ${pulse}`} />
              <div className={`hidden h-5 w-16 rounded-full md:block ${pulse}`} />
              <div className={`ml-auto h-4 w-20 ${pulse}`} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
