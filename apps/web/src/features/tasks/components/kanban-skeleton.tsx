import { taskStatuses, taskStatusLabels } from '@atrium/shared';

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/** The board's shape while its first answer is on the way: four columns of grey cards. */
export function KanbanSkeleton() {
  return (
    <div role="status" className="-mx-4 flex gap-3 overflow-hidden px-4 sm:mx-0 sm:px-0">
      <span className="sr-only">Loading the board…</span>
      {taskStatuses.map((status, columnIndex) => (
        <div
          key={status}
          aria-hidden="true"
          className="w-[min(20rem,85vw)] shrink-0 space-y-2 rounded-2xl bg-slate-100/80 p-3 ring-1 ring-slate-200 xl:w-auto xl:min-w-0 xl:flex-1"
        >
          <p className="pb-1 text-sm font-semibold text-slate-500">{taskStatusLabels[status]}</p>
          {Array.from({ length: 3 - (columnIndex % 2) }, (_, index) => (
            <div key={index} className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <div className={`h-4 w-3/4 ${pulse}`} />
              <div className={`h-3 w-full ${pulse}`} />
              <div className={`h-3 w-2/3 ${pulse}`} />
              <div className={`mt-3 h-6 w-1/2 ${pulse}`} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
