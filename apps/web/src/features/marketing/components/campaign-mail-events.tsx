import { campaignMailEventKinds, type CampaignMailEventKind } from '@atrium/shared';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FilterSelect } from '../../../components/ui/filter-select';
import { ListFooter } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { campaignEventsQueryOptions } from '../api/campaigns.queries';
import { useCursorPages } from './campaign-recipients';

const kindLabels: Record<CampaignMailEventKind, string> = {
  bounce: 'Bounce',
  unsubscribe: 'Unsubscribe',
  complaint: 'Marked as spam',
};
const kindFilterLabels: Record<CampaignMailEventKind, string> = {
  bounce: 'Bounces',
  unsubscribe: 'Unsubscribes',
  complaint: 'Spam complaints',
};
const kindTones: Record<CampaignMailEventKind, BadgeTone> = {
  bounce: 'danger',
  unsubscribe: 'warning',
  complaint: 'danger',
};

/** Bounces, unsubscribes and spam complaints for this campaign, newest first. */
export function CampaignMailEvents({
  campaignId,
  timeZone,
  live,
}: {
  campaignId: string;
  timeZone: string;
  live: boolean;
}) {
  const [kind, setKind] = useState<CampaignMailEventKind | ''>('');
  const pages = useCursorPages(kind, (cursor) => ({
    ...campaignEventsQueryOptions(campaignId, { kind: kind || undefined, cursor }),
    refetchInterval: live ? 10_000 : false,
  }));

  return (
    <section aria-labelledby="campaign-events-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="campaign-events-heading" className="font-semibold text-slate-900">
          Bounces and unsubscribes
        </h3>
        <FilterSelect
          label="Kind of event"
          allLabel="Every kind"
          values={campaignMailEventKinds}
          labels={kindFilterLabels}
          value={kind}
          onChange={setKind}
          className="w-full sm:w-52"
        />
      </div>
      <div aria-live="polite" aria-busy={pages.pending}>
        {pages.pending ? (
          <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
            <Spinner /> Loading the bounces and unsubscribes…
          </p>
        ) : pages.error && pages.rows.length === 0 ? (
          <div className="space-y-3">
            <ServerErrorAlert error={pages.error} title="The bounces and unsubscribes could not be loaded" />
            <Button variant="secondary" size="sm" onClick={pages.refetch}>
              Try again
            </Button>
          </div>
        ) : pages.rows.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <MailCheck aria-hidden="true" className="mx-auto size-8 text-slate-400" />
            <p className="mt-2 font-medium text-slate-900">
              {kind ? `No ${kindFilterLabels[kind].toLowerCase()}` : 'No bounces or unsubscribes'}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Addresses that bounce, unsubscribe or report spam are listed here, and suppressed from later
              campaigns.
            </p>
          </div>
        ) : (
          <div className="space-y-3">
            <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              {pages.rows.map((event) => (
                <li key={event.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 p-4 text-sm">
                  <Badge tone={kindTones[event.kind]}>{kindLabels[event.kind]}</Badge>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium [overflow-wrap:anywhere] text-slate-900">
                      {event.leadName ?? event.email ?? 'An address no longer on file'}
                      {event.leadName && event.email ? (
                        <span className="font-normal text-slate-600"> · {event.email}</span>
                      ) : null}
                    </p>
                    {event.detail ? (
                      <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-600">{event.detail}</p>
                    ) : null}
                  </div>
                  <time dateTime={event.occurredAt} className="whitespace-nowrap text-slate-600">
                    {formatDateTime(event.occurredAt, timeZone)}
                  </time>
                </li>
              ))}
            </ul>
            <ListFooter {...pages.footer} noun={{ one: 'event', many: 'events' }} />
          </div>
        )}
      </div>
    </section>
  );
}
