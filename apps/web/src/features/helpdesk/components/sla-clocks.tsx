import type { SlaPolicy, TicketSlaClock, TicketSummary } from '@atrium/shared';
import { formatDateTime } from '../../../lib/dates';
import { cn } from '../../../lib/cn';

const stateLabels: Record<TicketSlaClock['state'], string> = {
  running: 'Running',
  paused: 'Paused',
  met: 'Met',
  breached: 'Breached',
};

const stateLooks: Record<TicketSlaClock['state'], string> = {
  running: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  paused: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  met: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  breached: 'bg-red-50 text-red-800 ring-red-600/20',
};

/** "Targets: first response 4 business h, resolution 48 business h." */
export const policyTargetsText = (policy: Pick<SlaPolicy, 'firstResponseHours' | 'resolutionHours'>) =>
  `Targets: first response ${policy.firstResponseHours} business h, resolution ${policy.resolutionHours} business h.`;

/** "2 h 15 min": business minutes as an agent reads them. */
export function formatBusinessMinutes(minutes: number): string {
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}

/** What is left of a clock: business time left, overdue by, or nothing once met. */
export function slaTimeLeftText(clock: TicketSlaClock): string | null {
  if (clock.businessMinutesLeft === null) return null;
  const amount = formatBusinessMinutes(clock.businessMinutesLeft);
  return clock.businessMinutesLeft < 0 ? `Overdue by ${amount}` : `${amount} left in business hours`;
}

export function SlaClockBadge({ clock, className }: { clock: TicketSlaClock; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        stateLooks[clock.state],
        className,
      )}
    >
      {stateLabels[clock.state]}
    </span>
  );
}

/**
 * The ticket's two SLA clocks (issue 21): due time, business time left, and whether the clock runs,
 * stands still (a pause status), was met or breached.
 */
export function SlaClocks({ ticket, timeZone }: { ticket: TicketSummary; timeZone: string | undefined }) {
  if (!ticket.slaClocks) {
    return <p className="text-sm text-slate-600">No SLA applies to this ticket.</p>;
  }
  const clocks = [
    ['First response', ticket.slaClocks.firstResponse],
    ['Resolution', ticket.slaClocks.resolution],
  ] as const;
  return (
    <ul className="space-y-3" aria-label="SLA clocks">
      {clocks.map(([label, clock]) => {
        const left = slaTimeLeftText(clock);
        return (
          <li key={label} className="space-y-0.5 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{label}</span>
              <SlaClockBadge clock={clock} />
            </div>
            <p className="text-slate-700">
              {clock.state === 'paused'
                ? 'Stands still while the ticket waits'
                : clock.dueAt
                  ? `Due ${formatDateTime(clock.dueAt, timeZone)}`
                  : 'No due time'}
            </p>
            {left && clock.state !== 'met' ? <p className="text-xs text-slate-600">{left}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
