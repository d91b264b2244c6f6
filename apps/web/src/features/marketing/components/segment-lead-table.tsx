import type { SegmentLeadSummary } from '@atrium/shared';
import { useId } from 'react';
import { TableScroller } from '../../../components/ui/list-states';
import { leadStatusLabels } from '@atrium/shared';
import { LeadLink } from './lead-link';

/** Leads of a segment: name, address, company, status and score. */
export function SegmentLeadTable({
  caption,
  leads,
}: {
  caption: string;
  leads: readonly SegmentLeadSummary[];
}) {
  const captionId = useId();
  return (
    <TableScroller labelledBy={captionId}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Company
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Score
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td className="px-3 py-2">
                <LeadLink id={lead.id} backLabel="Back to the segments">
                  {lead.firstName} {lead.lastName}
                </LeadLink>
              </td>
              <td className="max-w-56 truncate px-3 py-2 text-slate-700" title={lead.email}>
                {lead.email}
              </td>
              <td className="px-3 py-2 text-slate-700">{lead.company ?? '—'}</td>
              <td className="px-3 py-2 text-slate-700">{leadStatusLabels[lead.status]}</td>
              <td className="px-3 py-2 text-right text-slate-900 tabular-nums">{lead.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
