const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/** The shape of the cards while the first page loads, so nothing jumps when it arrives. */
export function ProjectsSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading projects…</span>
      <div aria-hidden="true" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="flex justify-between">
              <div className={`h-4 w-16 ${pulse}`} />
              <div className={`h-5 w-20 rounded-full ${pulse}`} />
            </div>
            <div className="space-y-2">
              <div className={`h-5 w-2/3 ${pulse}`} />
              <div className={`h-3 w-full ${pulse}`} />
              <div className={`h-3 w-4/5 ${pulse}`} />
            </div>
            <div className={`h-2 w-full ${pulse}`} />
            <div className="grid grid-cols-2 gap-3">
              {Array.from({ length: 4 }, (_, fact) => (
                <div key={fact} className={`h-8 ${pulse}`} />
              ))}
            </div>
            <div className="flex -space-x-2">
              {Array.from({ length: 4 }, (_, avatar) => (
                <div key={avatar} className={`size-8 rounded-full ring-2 ring-white ${pulse}`} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
