import type { DirectoryView } from '../lib/directory-filters';

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/** The shape of the list while its first page loads, so nothing jumps when it arrives. */
export function ListSkeleton({ view }: { view: DirectoryView }) {
  return (
    <div role="status">
      <span className="sr-only">Loading employees…</span>
      {view === 'grid' ? (
        <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center gap-3">
                <div className={`size-10 rounded-full ${pulse}`} />
                <div className="flex-1 space-y-2">
                  <div className={`h-4 w-2/3 ${pulse}`} />
                  <div className={`h-3 w-1/2 ${pulse}`} />
                </div>
              </div>
              <div className="mt-4 space-y-2">
                <div className={`h-3 w-5/6 ${pulse}`} />
                <div className={`h-3 w-1/2 ${pulse}`} />
                <div className={`h-3 w-2/3 ${pulse}`} />
              </div>
              <div className={`mt-5 h-9 w-32 ${pulse}`} />
            </div>
          ))}
        </div>
      ) : (
        <div
          aria-hidden="true"
          className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="flex items-center gap-4 px-4 py-3 sm:px-6">
              <div className={`size-8 rounded-full ${pulse}`} />
              <div className={`h-4 w-40 ${pulse}`} />
              <div className={`hidden h-4 w-24 sm:block ${pulse}`} />
              <div className={`hidden h-4 w-32 md:block ${pulse}`} />
              <div className={`ml-auto h-6 w-16 rounded-full ${pulse}`} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
