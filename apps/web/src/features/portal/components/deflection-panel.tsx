import { formatCount, type PortalStats } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import { apiRequest } from '../../../lib/api-client';

/**
 * The help desk overview's self-service figure (issue 22): customers who found their answer among
 * the suggested articles and did not open a ticket, in the overview's period.
 */
export function DeflectionPanel({ days, periodLabel }: { days: number; periodLabel: string }) {
  const stats = useQuery({
    queryKey: ['portal', 'stats', days],
    queryFn: ({ signal }) =>
      apiRequest<PortalStats>(`/api/v1/helpdesk/portal-stats?days=${days}`, { signal }),
  });
  return (
    <section
      aria-labelledby="helpdesk-deflection-heading"
      className="flex flex-wrap items-start justify-between gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id="helpdesk-deflection-heading" className="text-base font-semibold text-slate-900">
          Answered by articles
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Customers who found the answer in a suggested article and opened no ticket,{' '}
          {periodLabel.toLowerCase()}.
        </p>
      </div>
      <p className="flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
        <BookOpenCheck aria-hidden="true" className="size-6 text-emerald-600" />
        {stats.data ? formatCount(stats.data.deflected) : stats.isError ? '—' : '…'}
      </p>
    </section>
  );
}
