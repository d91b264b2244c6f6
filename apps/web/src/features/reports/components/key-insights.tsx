import type { Insight, InsightKind } from '@atrium/shared';
import { CircleCheckBig, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

const kindStyles: Record<
  InsightKind,
  { icon: LucideIcon; label: string; classes: string; iconClasses: string }
> = {
  warning: {
    icon: TriangleAlert,
    label: 'Warning',
    classes: 'bg-amber-50 text-amber-900 ring-amber-200',
    iconClasses: 'text-amber-600',
  },
  success: {
    icon: CircleCheckBig,
    label: 'Good news',
    classes: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    iconClasses: 'text-emerald-600',
  },
  info: {
    icon: Info,
    label: 'Note',
    classes: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
    iconClasses: 'text-indigo-600',
  },
};

/** Spec 2 "Key Insights", with the server's messages (spec 9: overdue, excellent, estimation). */
export function KeyInsights({ insights }: { insights: readonly Insight[] }) {
  return (
    <section
      aria-labelledby="key-insights-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="key-insights-title" className="text-lg font-semibold text-slate-900">
        Key Insights
      </h2>
      {insights.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing needs your attention in this period.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {insights.map((insight) => {
            const style = kindStyles[insight.kind];
            const Icon = style.icon;
            return (
              <li
                key={`${insight.kind}:${insight.message}`}
                className={cn('flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset', style.classes)}
              >
                <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClasses)} />
                <p>
                  {/* The colour and the icon say the kind to sighted readers; this says it to the rest. */}
                  <span className="sr-only">{style.label}: </span>
                  {insight.message}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
