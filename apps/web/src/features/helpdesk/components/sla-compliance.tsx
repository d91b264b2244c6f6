import {
  addCalendarDays,
  slaComplianceQuerySchema,
  ticketReference,
  todayIn,
  type SlaCompliance,
  type SlaMetShare,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ListSkeleton, LoadError, TableScroller } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat-card';
import { slaComplianceQueryOptions } from '../api/sla.queries';
import { TicketPriorityBadge } from './ticket-badges';
import { SlaClockBadge, slaTimeLeftText } from './sla-clocks';

/** The periods offered first; "Custom" shows the two dates. */
const presets = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['custom', 'Custom period'],
] as const;
type Preset = (typeof presets)[number][0];

const periodOf = (preset: Exclude<Preset, 'custom'>, today: string) => ({
  from: addCalendarDays(today, 1 - Number(preset)),
  to: today,
});

const percentText = (share: SlaMetShare) =>
  share.percent === null ? '—' : `${share.percent}% (${share.met} of ${share.met + share.breached})`;

const hoursText = (hours: number | null) => (hours === null ? '—' : `${hours} h`);

/**
 * SLA compliance (issue 21): for the tickets created in a period, the share of met targets per tier
 * and per agent, the average business hours to the first response and the resolution; and the tickets
 * at risk now, each linking to its page.
 */
export function SlaComplianceSection({ timeZone }: { timeZone: string }) {
  const today = todayIn(timeZone);
  const [preset, setPreset] = useState<Preset>('30');
  const [custom, setCustom] = useState(() => periodOf('30', today));
  const period = preset === 'custom' ? custom : periodOf(preset, today);
  const checked = slaComplianceQuerySchema.safeParse(period);
  const periodError = checked.success
    ? undefined
    : checked.error.issues.find((issue) => issue.path[0] === 'to' || issue.path[0] === 'from')?.message;
  const compliance = useQuery({ ...slaComplianceQueryOptions(period), enabled: checked.success });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <Field label="Period" className="w-48">
          {(control) => (
            <Select {...control} value={preset} onChange={(event) => setPreset(event.target.value as Preset)}>
              {presets.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {preset === 'custom' ? (
          <>
            <Field label="From" className="w-44">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={custom.from}
                  onChange={(event) => setCustom({ ...custom, from: event.target.value })}
                />
              )}
            </Field>
            <Field label="To" className="w-44" error={periodError}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={custom.to}
                  onChange={(event) => setCustom({ ...custom, to: event.target.value })}
                />
              )}
            </Field>
          </>
        ) : null}
      </div>

      {!checked.success ? null : compliance.isPending ? (
        <ListSkeleton label="Loading compliance…" rows={4} />
      ) : compliance.isError ? (
        <LoadError
          error={compliance.error}
          title="Compliance could not be loaded"
          onRetry={() => void compliance.refetch()}
        />
      ) : (
        <ComplianceReport report={compliance.data} />
      )}
    </div>
  );
}

function ComplianceReport({ report }: { report: SlaCompliance }) {
  const tiersId = useId();
  const agentsId = useId();
  const riskId = useId();
  const tickets = report.tiers.reduce((sum, line) => sum + line.tickets, 0);
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Tickets with an SLA" value={String(tickets)} />
        <StatCard label="Average first response" value={hoursText(report.averageFirstResponseHours)} />
        <StatCard label="Average resolution" value={hoursText(report.averageResolutionHours)} />
      </div>

      <section aria-labelledby={tiersId} className="space-y-2">
        <h3 id={tiersId} className="font-semibold text-slate-900">
          Met by tier
        </h3>
        <ShareTable
          labelledBy={tiersId}
          head="Tier"
          rows={report.tiers.map((line) => ({ key: line.tier, name: line.tier, ...line }))}
        />
      </section>

      <section aria-labelledby={agentsId} className="space-y-2">
        <h3 id={agentsId} className="font-semibold text-slate-900">
          Met by agent
        </h3>
        {report.agents.length === 0 ? (
          <p className="text-sm text-slate-600">No assigned tickets with an SLA in this period.</p>
        ) : (
          <ShareTable
            labelledBy={agentsId}
            head="Agent"
            rows={report.agents.map((line) => ({ key: line.agent.id, name: line.agent.name, ...line }))}
          />
        )}
      </section>

      <section aria-labelledby={riskId} className="space-y-2">
        <h3 id={riskId} className="font-semibold text-slate-900">
          At risk now
        </h3>
        <p className="text-sm text-slate-600">
          Due within two business hours or overdue, whenever they came in; the nearest first.
        </p>
        {report.atRisk.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No ticket is at risk" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {report.atRisk.map((ticket) => {
              const clocks = ticket.slaClocks
                ? [ticket.slaClocks.firstResponse, ticket.slaClocks.resolution]
                : [];
              const nearest = clocks
                .filter((clock) => clock.state === 'running' || clock.state === 'breached')
                .sort((a, b) => (a.businessMinutesLeft ?? 0) - (b.businessMinutesLeft ?? 0))[0];
              return (
                <li key={ticket.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                  <Link
                    to={`/helpdesk/tickets/${ticket.id}`}
                    className="min-w-0 flex-1 font-medium text-indigo-700 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {ticketReference(ticket.number)} {ticket.subject}
                  </Link>
                  <TicketPriorityBadge priority={ticket.priority} />
                  {nearest ? (
                    <>
                      <SlaClockBadge clock={nearest} />
                      <span className="text-sm text-slate-600">{slaTimeLeftText(nearest)}</span>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

function ShareTable({
  labelledBy,
  head,
  rows,
}: {
  labelledBy: string;
  head: string;
  rows: {
    key: string;
    name: ReactNode;
    tickets: number;
    firstResponse: SlaMetShare;
    resolution: SlaMetShare;
  }[];
}) {
  return (
    <TableScroller labelledBy={labelledBy}>
      <table className="w-full min-w-[32rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {head}
            </th>
            <th scope="col" className="px-4 py-3">
              Tickets
            </th>
            <th scope="col" className="px-4 py-3">
              First response met
            </th>
            <th scope="col" className="px-4 py-3">
              Resolution met
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {row.name}
              </th>
              <td className="px-4 py-3 text-slate-800 tabular-nums">{row.tickets}</td>
              <td className="px-4 py-3 text-slate-800 tabular-nums">{percentText(row.firstResponse)}</td>
              <td className="px-4 py-3 text-slate-800 tabular-nums">{percentText(row.resolution)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
