const kpis = [
  { label: 'Total Employees', value: '248', change: '+12%' },
  { label: 'Active Projects', value: '36', change: '+8%' },
  { label: 'Open Tickets', value: '19', change: '−23%' },
  { label: 'Campaign CTR', value: '4.7%', change: '+0.6%' },
];

const bars = [42, 58, 51, 66, 72, 64, 80, 76, 88, 84, 93, 97];

/** A decorative sketch of the dashboard (spec section 2, "Dashboard"), drawn in markup, not an image. */
export function ProductPreview() {
  return (
    <div aria-hidden="true" className="mx-auto mt-16 max-w-5xl">
      <div className="rounded-2xl bg-slate-900/5 p-2 ring-1 ring-slate-900/10 sm:p-3">
        <div className="overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10">
          <div className="flex items-center gap-1.5 border-b border-slate-100 px-4 py-3">
            <span className="size-2.5 rounded-full bg-slate-200" />
            <span className="size-2.5 rounded-full bg-slate-200" />
            <span className="size-2.5 rounded-full bg-slate-200" />
          </div>
          <div className="flex">
            <div className="hidden w-44 shrink-0 space-y-2 border-r border-slate-100 p-4 sm:block">
              <div className="h-2.5 w-24 rounded bg-indigo-200" />
              {[20, 28, 24, 32, 22, 26].map((width, index) => (
                <div key={index} className="h-2.5 rounded bg-slate-100" style={{ width: `${width * 4}px` }} />
              ))}
            </div>
            <div className="flex-1 space-y-4 p-4 sm:p-6">
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                {kpis.map((kpi) => (
                  <div key={kpi.label} className="rounded-lg border border-slate-100 p-3 text-left">
                    <div className="text-xs text-slate-600">{kpi.label}</div>
                    <div className="mt-1 flex items-baseline gap-2">
                      <span className="text-xl font-bold text-slate-900">{kpi.value}</span>
                      <span className="text-xs font-medium text-emerald-700">{kpi.change}</span>
                    </div>
                  </div>
                ))}
              </div>
              <div className="flex h-36 items-end gap-2 rounded-lg border border-slate-100 p-4">
                {bars.map((height, index) => (
                  <div
                    key={index}
                    className="flex-1 rounded-t bg-linear-to-t from-indigo-500 to-indigo-300"
                    style={{ height: `${height}%` }}
                  />
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
