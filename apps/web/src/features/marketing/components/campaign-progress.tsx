import { formatCount, type CampaignProgress as Progress, type CampaignSendStatus } from '@atrium/shared';
import { CalendarClock, CheckCircle2, PauseCircle, Send } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { timeZoneLabel } from '../lib/campaign-schedule';

/** The sends no longer waiting: sent, refused, left out or cancelled. */
const settledStatuses: readonly CampaignSendStatus[] = [
  'sent',
  'bounced',
  'failed',
  'suppressed',
  'unconfirmed',
  'cancelled',
];

const problemCounts: { status: CampaignSendStatus; label: string; hint: string }[] = [
  {
    status: 'failed',
    label: 'Failed',
    hint: 'The mail server kept refusing for now until the retries ran out',
  },
  { status: 'bounced', label: 'Bounced', hint: 'Refused for good, or reported undeliverable' },
  {
    status: 'suppressed',
    label: 'Suppressed',
    hint: 'Unsubscribed or suppressed by the time their turn came',
  },
  {
    status: 'unconfirmed',
    label: 'Unconfirmed',
    hint: 'Sending stopped while the mail server had the message: it may have arrived',
  },
  { status: 'cancelled', label: 'Cancelled', hint: 'Not sent: the campaign was cancelled first' },
];

function statusLine(progress: Progress, timeZone: string) {
  const at = (iso: string) => `${formatDateTime(iso, timeZone)} (${timeZoneLabel(timeZone, new Date(iso))})`;
  switch (progress.status) {
    case 'scheduled':
      return {
        icon: CalendarClock,
        text: progress.startsAt ? `Scheduled for ${at(progress.startsAt)}` : 'Scheduled',
        detail: 'The audience is counted when sending starts.',
      };
    case 'active':
      return { icon: Send, text: 'Sending', detail: null };
    case 'paused':
      return {
        icon: PauseCircle,
        text: progress.pausedReason ? 'Paused on its own' : 'Paused',
        detail: progress.pausedReason
          ? `${progress.pausedReason} Check the mail server, then resume.`
          : 'Nothing more is sent until it is resumed.',
      };
    case 'completed':
      return {
        icon: CheckCircle2,
        text: progress.completedAt ? `Completed ${at(progress.completedAt)}` : 'Completed',
        detail: null,
      };
    default:
      return { icon: Send, text: 'Not sent yet', detail: null };
  }
}

/**
 * How far sending has got, live while it runs (the progress query asks every second): a progress
 * bar of the audience handled, "N of M sent", and what did not go out.
 */
export function CampaignProgress({ progress, timeZone }: { progress: Progress; timeZone: string }) {
  const total = progress.recipients;
  // A finished campaign has handled everyone; one whose sends were not recorded one by one (an
  // import) still has its sent counter.
  const counted = settledStatuses.reduce((sum, status) => sum + (progress.counts[status] ?? 0), 0);
  const settled = progress.status === 'completed' ? total : Math.min(total, Math.max(counted, progress.sent));
  const percent = total > 0 ? Math.round((settled / total) * 100) : 0;
  const line = statusLine(progress, timeZone);
  const Icon = line.icon;
  const shownProblems = problemCounts.filter(({ status }) => (progress.counts[status] ?? 0) > 0);
  const sentText = `${formatCount(progress.sent)} of ${formatCount(total)} sent`;

  return (
    <section
      aria-labelledby="campaign-progress-heading"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="campaign-progress-heading" className="text-base font-semibold text-slate-900">
          Sending
        </h2>
        <div aria-live="polite" className="sm:text-right">
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900 sm:justify-end">
            <Icon
              aria-hidden="true"
              className={cn('size-4', progress.status === 'paused' ? 'text-amber-600' : 'text-indigo-600')}
            />
            {line.text}
          </p>
          {line.detail ? <p className="mt-0.5 max-w-md text-sm text-slate-600">{line.detail}</p> : null}
        </div>
      </div>

      {total > 0 ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <p className="font-semibold text-slate-900 tabular-nums">{sentText}</p>
            <p className="text-slate-600 tabular-nums">{percent}%</p>
          </div>
          <div
            role="progressbar"
            aria-label="Sending progress"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={settled}
            aria-valuetext={`${sentText}, ${formatCount(settled)} of ${formatCount(total)} handled`}
            className="h-3 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200 ring-inset"
          >
            <div
              className={cn(
                'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
                progress.status === 'paused' ? 'bg-amber-500' : 'bg-indigo-600',
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}

      {shownProblems.length > 0 ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {shownProblems.map(({ status, label, hint }) => (
            <div key={status} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
              <dd className="mt-0.5 text-lg font-bold text-slate-900 tabular-nums">
                {formatCount(progress.counts[status] ?? 0)}
              </dd>
              <dd className="text-xs text-slate-600">{hint}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
