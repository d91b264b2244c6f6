import { countOf, type CampaignListItem, type CampaignSortKey } from '@atrium/shared';
import { Link } from 'react-router';
import { SortableHeading } from '../../../components/ui/sortable-heading';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { formatMoney, formatNumber, formatRate } from '../lib/campaign-format';
import { nextCampaignSort, type CampaignListFilters } from '../lib/campaign-list-filters';
import { CampaignStatusBadge, CampaignTypeBadge } from './campaign-badges';
import { CampaignRowMenu, type CampaignRowActions } from './campaign-list-actions';

type CampaignSort = Pick<CampaignListFilters, 'sort' | 'order'>;

type ListProps = {
  campaigns: readonly CampaignListItem[];
  /** Null when the viewer may not change campaigns: no row menu then. */
  actions: CampaignRowActions | null;
};

const numberCell = 'px-2.5 py-3 text-right whitespace-nowrap tabular-nums text-slate-800';
const numberHeading = 'px-2.5 py-3 text-right';

/**
 * The campaigns on a tablet or wider, every figure a column; the server sorts by name, sent and last
 * change. The table scrolls sideways in its own frame.
 */
export function CampaignTable({
  campaigns,
  actions,
  sort,
  onSort,
}: ListProps & { sort: CampaignSort; onSort: (sort: CampaignSort) => void }) {
  const timeZone = useWorkspaceTimeZone();
  const heading = (column: CampaignSortKey, label: string, className?: string) => (
    <SortableHeading
      column={column}
      sort={sort}
      onSort={(key) => onSort(nextCampaignSort(sort, key))}
      className={className}
    >
      {label}
    </SortableHeading>
  );
  return (
    <div
      role="region"
      aria-label="Campaigns table"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 md:block"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {heading('name', 'Campaign', 'min-w-56 pl-3')}
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="min-w-44 px-3 py-3">
              Audience
            </th>
            {heading('sent', 'Sent', 'text-right')}
            <th scope="col" className={numberHeading}>
              Open rate
            </th>
            <th scope="col" className={numberHeading}>
              Click rate
            </th>
            <th scope="col" className={numberHeading}>
              Unsubscribes
            </th>
            <th scope="col" className={numberHeading}>
              Bounces
            </th>
            <th scope="col" className={numberHeading}>
              Revenue
            </th>
            <th scope="col" className={numberHeading}>
              Budget
            </th>
            {heading('updatedAt', 'Updated', actions ? undefined : 'pr-4')}
            {actions ? (
              <th scope="col" className="sticky right-0 bg-slate-50 py-3 pr-3 pl-1">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {campaigns.map((campaign) => (
            <tr key={campaign.id} className="group align-top hover:bg-slate-50">
              <th scope="row" className="px-3 py-3 pl-4 text-left font-normal">
                <CampaignLink campaign={campaign} />
                <span className="mt-1 block">
                  <CampaignTypeBadge type={campaign.type} />
                </span>
              </th>
              <td className="px-3 py-3">
                <CampaignStatusBadge status={campaign.status} />
              </td>
              <td className="px-3 py-3 text-slate-800">
                <Audience campaign={campaign} />
              </td>
              <td className={numberCell}>{formatNumber(campaign.sent)}</td>
              <td className={numberCell}>{formatRate(campaign.openRate)}</td>
              <td className={numberCell}>{formatRate(campaign.clickRate)}</td>
              <td className={numberCell}>{formatNumber(campaign.unsubscribed)}</td>
              <td className={numberCell}>{formatNumber(campaign.bounced)}</td>
              <td className={numberCell}>{formatMoney(campaign.revenue)}</td>
              <td className={numberCell}>{formatMoney(campaign.budget)}</td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={campaign.updatedAt} title={formatDateTime(campaign.updatedAt, timeZone)}>
                  {formatRelative(campaign.updatedAt)}
                </time>
              </td>
              {actions ? (
                // Kept in sight while the figures scroll sideways on a laptop screen.
                <td className="sticky right-0 bg-white py-2 pr-3 pl-1 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)] group-hover:bg-slate-50">
                  <CampaignRowMenu campaign={campaign} actions={actions} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The campaigns on a phone: one card each, the key figures in a small grid. */
export function CampaignCards({ campaigns, actions }: ListProps) {
  return (
    <ul aria-label="Campaigns" className="space-y-2 md:hidden">
      {campaigns.map((campaign) => (
        <li key={campaign.id} className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0 space-y-1.5">
              <CampaignLink campaign={campaign} />
              <div className="flex flex-wrap gap-1.5">
                <CampaignStatusBadge status={campaign.status} />
                <CampaignTypeBadge type={campaign.type} />
              </div>
            </div>
            {actions ? <CampaignRowMenu campaign={campaign} actions={actions} /> : null}
          </div>
          <p className="text-sm text-slate-700">
            <Audience campaign={campaign} />
          </p>
          <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            <Figure label="Sent" value={formatNumber(campaign.sent)} />
            <Figure label="Open rate" value={formatRate(campaign.openRate)} />
            <Figure label="Click rate" value={formatRate(campaign.clickRate)} />
            <Figure label="Unsubscribes" value={formatNumber(campaign.unsubscribed)} />
            <Figure label="Bounces" value={formatNumber(campaign.bounced)} />
            <Figure label="Revenue" value={formatMoney(campaign.revenue)} />
            <Figure label="Budget" value={formatMoney(campaign.budget)} />
            <Figure label="Updated" value={formatRelative(campaign.updatedAt)} />
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function CampaignLink({ campaign }: { campaign: CampaignListItem }) {
  return (
    <Link
      to={`/marketing/campaigns/${campaign.id}`}
      className="block font-semibold text-slate-900 [overflow-wrap:anywhere] hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {campaign.name}
    </Link>
  );
}

/** Segment names (the first two, then how many more) and, once it started sending, how many it went to. */
function Audience({ campaign }: { campaign: CampaignListItem }) {
  const names = campaign.segments.map((segment) => segment.name);
  const shown = names.slice(0, 2).join(', ');
  const more = names.length - 2;
  return (
    <span className="block">
      {names.length === 0 ? (
        <span className="text-slate-600 italic">No segments</span>
      ) : (
        <span className="[overflow-wrap:anywhere]" title={names.join(', ')}>
          {shown}
          {more > 0 ? ` +${more} more` : ''}
        </span>
      )}
      {campaign.recipients > 0 ? (
        <span className="block text-xs text-slate-600">
          {countOf(campaign.recipients, { one: 'recipient', other: 'recipients' })}
        </span>
      ) : null}
    </span>
  );
}
