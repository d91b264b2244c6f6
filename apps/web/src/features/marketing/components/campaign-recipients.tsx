import {
  campaignRecipientFilters,
  type CampaignRecipientFilter,
  type CampaignSendStatus,
} from '@atrium/shared';
import { useQueries, type UseQueryOptions } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { FilterSelect } from '../../../components/ui/filter-select';
import { ListFooter, TableScroller } from '../../../components/ui/list-states';
import { SearchField } from '../../../components/ui/search-field';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { campaignRecipientsQueryOptions } from '../api/campaigns.queries';
import { LeadLink } from './lead-link';

type Page<T> = { data: T[]; nextCursor: string | null };

/**
 * A keyset list read page by page: one query per cursor handed back, so each page is cached and
 * refreshed under the key the campaign client gives it. A new filter starts again from the first.
 */
export function useCursorPages<T, Key extends unknown[]>(
  filterKey: string,
  pageOptions: (cursor: string | undefined) => UseQueryOptions<Page<T>, Error, Page<T>, Key>,
) {
  const [cursors, setCursors] = useState<{ key: string; list: string[] }>({ key: filterKey, list: [] });
  const list = cursors.key === filterKey ? cursors.list : [];
  if (cursors.key !== filterKey) setCursors({ key: filterKey, list: [] });
  const queries = useQueries({ queries: [undefined, ...list].map((cursor) => pageOptions(cursor)) });
  const first = queries[0]!;
  const last = queries[queries.length - 1]!;
  const rows = queries.flatMap((query) => query.data?.data ?? []);
  const nextCursor = last.data?.nextCursor ?? null;
  return {
    rows,
    pending: first.isPending,
    error: first.error,
    refetch: () => void first.refetch(),
    searching: first.isPlaceholderData && first.isFetching,
    footer: {
      shown: rows.length,
      hasMore: nextCursor !== null && !last.isPlaceholderData,
      loadingMore: queries.length > 1 && last.isPending,
      loadMoreFailed: queries.length > 1 && last.isError,
      onLoadMore: () => {
        if (last.isError) void last.refetch();
        else if (nextCursor) setCursors({ key: filterKey, list: [...list, nextCursor] });
      },
    },
  };
}

export const recipientStatusLabels: Record<CampaignRecipientFilter, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  bounced: 'Bounced',
  failed: 'Failed',
  suppressed: 'Suppressed',
  unconfirmed: 'Unconfirmed',
  cancelled: 'Cancelled',
  opened: 'Opened',
  clicked: 'Clicked',
  unsubscribed: 'Unsubscribed',
};

const statusTones: Partial<Record<CampaignSendStatus, BadgeTone>> = {
  sent: 'success',
  bounced: 'danger',
  failed: 'danger',
  unconfirmed: 'warning',
  suppressed: 'warning',
};

function SendStatusBadge({ status }: { status: CampaignSendStatus }) {
  const tone = statusTones[status];
  return tone ? (
    <Badge tone={tone}>{recipientStatusLabels[status]}</Badge>
  ) : (
    <Badge tone="brand" className="bg-slate-100 text-slate-700 ring-slate-500/20">
      {recipientStatusLabels[status]}
    </Badge>
  );
}

function When({ iso, timeZone }: { iso: string | null; timeZone: string }) {
  if (!iso) return <span className="text-slate-500">—</span>;
  return <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>;
}

/**
 * The campaign's recipients in the order they were queued (issue 23): what became of each message
 * and what the person did, filtered by status and found by name or address.
 */
export function CampaignRecipients({
  campaignId,
  timeZone,
  live,
}: {
  campaignId: string;
  timeZone: string;
  /** While it sends, the statuses change: the pages are asked again every few seconds. */
  live: boolean;
}) {
  const [status, setStatus] = useState<CampaignRecipientFilter | ''>('');
  const [q, setQ] = useState('');
  const filter = { status: status || undefined, q: q || undefined };
  const pages = useCursorPages(JSON.stringify(filter), (cursor) => ({
    ...campaignRecipientsQueryOptions(campaignId, { ...filter, cursor }),
    refetchInterval: live ? 5000 : false,
  }));
  const filtered = status !== '' || q !== '';

  return (
    <section aria-labelledby="campaign-recipients-heading" className="space-y-3">
      <h3 id="campaign-recipients-heading" className="font-semibold text-slate-900">
        Recipients
      </h3>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <SearchField
          label="Search recipients"
          placeholder="Name or email address"
          value={q}
          onSearch={setQ}
          searching={pages.searching}
        />
        <FilterSelect
          label="Recipient status"
          allLabel="Every status"
          values={campaignRecipientFilters}
          labels={recipientStatusLabels}
          value={status}
          onChange={setStatus}
        />
      </div>
      <div aria-live="polite" aria-busy={pages.pending || pages.searching}>
        {pages.pending ? (
          <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
            <Spinner /> Loading the recipients…
          </p>
        ) : pages.error && pages.rows.length === 0 ? (
          <div className="space-y-3">
            <ServerErrorAlert error={pages.error} title="The recipients could not be loaded" />
            <Button variant="secondary" size="sm" onClick={pages.refetch}>
              Try again
            </Button>
          </div>
        ) : pages.rows.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <Users aria-hidden="true" className="mx-auto size-8 text-slate-400" />
            <p className="mt-2 font-medium text-slate-900">
              {filtered ? 'No recipient matches these filters' : 'No recipients on record'}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {filtered
                ? 'Clear the search or choose another status.'
                : 'This campaign’s figures were kept without a list of who it went to.'}
            </p>
          </div>
        ) : (
          <div className="space-y-3">
            <TableScroller labelledBy="campaign-recipients-table">
              {/* The scrolling box is a region of its own: a name apart from the section's. */}
              <span id="campaign-recipients-table" hidden>
                Recipient list
              </span>
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Recipient
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Sent
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Opened
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Clicked
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Problem
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {pages.rows.map((recipient) => (
                    <tr key={recipient.id} className="align-top">
                      <th scope="row" className="min-w-48 px-4 py-3 text-left font-normal">
                        <span className="block">
                          <LeadLink id={recipient.leadId} backLabel="Back to the campaign">
                            {recipient.leadName}
                          </LeadLink>
                        </span>
                        <span className="block [overflow-wrap:anywhere] text-slate-600">
                          {recipient.email}
                        </span>
                      </th>
                      <td className="px-4 py-3">
                        <span className="flex flex-wrap gap-1">
                          <SendStatusBadge status={recipient.status} />
                          {recipient.unsubscribedAt ? <Badge tone="warning">Unsubscribed</Badge> : null}
                        </span>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                        <When iso={recipient.sentAt} timeZone={timeZone} />
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                        <When iso={recipient.openedAt} timeZone={timeZone} />
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                        <When iso={recipient.clickedAt} timeZone={timeZone} />
                      </td>
                      <td className="max-w-xs px-4 py-3 [overflow-wrap:anywhere] text-slate-700">
                        {recipient.error ?? <span className="text-slate-500">—</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
            <ListFooter {...pages.footer} noun={{ one: 'recipient', many: 'recipients' }} />
          </div>
        )}
      </div>
    </section>
  );
}
