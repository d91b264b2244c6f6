import type { OverviewCsat } from '@atrium/shared';
import { Smile } from 'lucide-react';
import { TableScroller } from '../../../components/ui/list-states';

const percentText = (percent: number | null) => (percent === null ? '—' : `${percent}%`);

/**
 * The help desk overview's customer satisfaction (issue 22): the share of 4 and 5 among the period's
 * answers, and per agent (the assignee at resolution).
 */
export function RatingCsatPanel({ csat, periodLabel }: { csat: OverviewCsat; periodLabel: string }) {
  return (
    <section
      aria-labelledby="helpdesk-csat-heading"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="helpdesk-csat-heading" className="text-base font-semibold text-slate-900">
            Customer satisfaction
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Ratings of 4 or 5 among the answers given, {periodLabel.toLowerCase()}.
          </p>
        </div>
        <dl className="sm:text-right">
          <dt className="sr-only">CSAT</dt>
          <dd className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {percentText(csat.percent)}
          </dd>
          <dd className="text-xs text-slate-600">
            {csat.answered === 0
              ? 'No ratings yet'
              : `${csat.satisfied} of ${csat.answered} ${csat.answered === 1 ? 'rating' : 'ratings'}`}
          </dd>
        </dl>
      </div>
      {csat.perAgent.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Smile aria-hidden="true" className="size-4" />
          When customers rate resolved tickets, each agent’s satisfaction shows here.
        </p>
      ) : (
        <>
          <h3 id="helpdesk-csat-agents" className="text-sm font-medium text-slate-800">
            Per agent
          </h3>
          <TableScroller labelledBy="helpdesk-csat-agents">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Satisfaction per agent</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Agent
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    Ratings
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    4 or 5
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    CSAT
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {csat.perAgent.map((row) => (
                  <tr key={row.agent.id}>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {row.agent.name}
                    </th>
                    <td className="px-4 py-2 text-right tabular-nums">{row.answered}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{row.satisfied}</td>
                    <td className="px-4 py-2 text-right font-semibold tabular-nums">
                      {percentText(row.percent)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        </>
      )}
    </section>
  );
}
