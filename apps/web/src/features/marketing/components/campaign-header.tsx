import { countOf, type CampaignDetails, type CampaignProgress } from '@atrium/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../lib/campaign-format';
import { timeZoneLabel } from '../lib/campaign-schedule';
import { CampaignStatusBadge, CampaignTypeBadge } from './campaign-badges';
import { CampaignHeaderActions } from './campaign-header-actions';
import { Fact, textLinkClasses } from './fact';

/** What an email campaign still lacks before it can be sent; empty when it is ready. */
export function sendingNeeds(campaign: CampaignDetails): string[] {
  if (campaign.type !== 'email') return [];
  const needs: string[] = [];
  if (!campaign.content || campaign.content.blocks.length === 0) needs.push('write the email');
  if (campaign.segments.length === 0) needs.push('choose at least one segment to send it to');
  return needs;
}

function scheduleText(campaign: CampaignDetails, progress: CampaignProgress | undefined): string {
  const at = (iso: string) =>
    `${formatDateTime(iso, campaign.timeZone)} (${timeZoneLabel(campaign.timeZone, new Date(iso))})`;
  const startedAt = progress?.sendingStartedAt ?? campaign.sendingStartedAt;
  if (campaign.type === 'email' && startedAt) return `Sending started ${at(startedAt)}`;
  const startsAt = progress?.startsAt ?? campaign.startsAt;
  if (!startsAt) return campaign.type === 'email' ? 'Not scheduled: sent when you choose' : 'No start date';
  // A planned campaign's start is a day (the form asks for a date).
  return campaign.type === 'email'
    ? `Scheduled for ${at(startsAt)}`
    : formatDate(startsAt, campaign.timeZone);
}

/**
 * The campaign's name, kind and state, what it goes to and from whom, and what may be done with it
 * (marketing:manage only).
 */
export function CampaignHeader({
  campaign,
  progress,
  canManage,
}: {
  campaign: CampaignDetails;
  progress: CampaignProgress | undefined;
  canManage: boolean;
}) {
  const status = progress?.status ?? campaign.status;
  const needs = sendingNeeds(campaign);
  const isEmail = campaign.type === 'email';
  const sender =
    campaign.fromName || campaign.fromEmail
      ? [campaign.fromName, campaign.fromEmail ? `<${campaign.fromEmail}>` : null].filter(Boolean).join(' ')
      : 'The workspace’s sender (marketing settings)';

  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900 sm:text-3xl">
            {campaign.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <CampaignTypeBadge type={campaign.type} />
            <CampaignStatusBadge status={status} />
          </div>
        </div>
        {canManage ? <CampaignHeaderActions campaign={campaign} progress={progress} needs={needs} /> : null}
      </div>
      {campaign.description ? (
        <p className="max-w-3xl text-slate-700 [overflow-wrap:anywhere] whitespace-pre-line">
          {campaign.description}
        </p>
      ) : null}
      <dl className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Audience">
          {campaign.segments.length === 0 ? (
            <span className="text-slate-600">No segment chosen</span>
          ) : (
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {campaign.segments.map((segment) => (
                <li key={segment.id}>
                  <Link to={`/marketing/segments?segment=${segment.id}`} className={textLinkClasses}>
                    {segment.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {campaign.recipients > 0 ? (
            <span className="mt-0.5 block text-slate-600">
              {countOf(campaign.recipients, { one: 'recipient', other: 'recipients' })} when sending started
            </span>
          ) : null}
        </Fact>
        {isEmail ? (
          <Fact label="Sender">{sender}</Fact>
        ) : (
          <Fact label="Budget">{formatMoney(campaign.budget)}</Fact>
        )}
        <Fact label={isEmail ? 'Schedule' : 'Start'}>{scheduleText(campaign, progress)}</Fact>
        {isEmail && campaign.content ? <Fact label="Subject">{campaign.content.subject}</Fact> : null}
        {isEmail ? <Fact label="Budget">{formatMoney(campaign.budget)}</Fact> : null}
        <Fact label="Created by">
          {campaign.createdBy?.name ?? 'Someone no longer in the workspace'}
          <span className="block text-slate-600">
            {formatDateTime(campaign.createdAt, campaign.timeZone)}
          </span>
        </Fact>
      </dl>
      {canManage && needs.length > 0 && campaign.editable ? (
        <Alert tone="info" title="Not ready to send yet" className="max-w-3xl">
          <p id="campaign-send-needs">
            Before it can be sent, {needs.join(' and ')}.{' '}
            <Link to={`/marketing/campaigns/${campaign.id}/edit`} className={textLinkClasses}>
              Edit email
            </Link>
          </p>
        </Alert>
      ) : null}
    </header>
  );
}
