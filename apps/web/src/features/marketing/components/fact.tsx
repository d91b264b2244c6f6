import type { ReactNode } from 'react';

/** Link text inside marketing's facts and sentences (a campaign, a lead, a segment). */
export const textLinkClasses =
  'rounded font-medium text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** One labelled figure of a record's summary, inside a <dl>; `wide` spans both columns of a two-column grid. */
export function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}
