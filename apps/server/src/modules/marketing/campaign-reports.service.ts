import {
  campaignMailEventKinds,
  campaignRate,
  campaignTimelineHourlyHours,
  employeeFullName,
  type CampaignEventsQuery,
  type CampaignMailEventPage,
  type CampaignRecipientPage,
  type CampaignRecipientsQuery,
  type CampaignResults,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { notFound } from '../../platform/errors/app-error';
import { campaignReportsRepository as repository } from './campaign-reports.repository';
import type { MarketingDeps } from './marketing-deps';
import { campaignLinks } from './tracking.service';

const hourMs = 3_600_000;

/**
 * Hits per hour since the origin, as the results' buckets: each of the first 48 hours, then each
 * day, up to the one of the latest hit, with the empty ones in between.
 */
export function timelineOf(
  origin: Date,
  perHour: readonly { hour: number; opens: number; clicks: number }[],
): CampaignResults['timeline'] {
  const last = perHour.at(-1)?.hour;
  if (last === undefined) return [];
  const hourly = campaignTimelineHourlyHours;
  const bucketOf = (hour: number) => (hour < hourly ? hour : hourly + Math.floor((hour - hourly) / 24) * 24);
  const buckets = new Map<number, CampaignResults['timeline'][number]>();
  for (let hour = 0; hour <= bucketOf(last); hour += hour < hourly ? 1 : 24) {
    buckets.set(hour, {
      at: new Date(origin.getTime() + hour * hourMs).toISOString(),
      unit: hour < hourly ? 'hour' : 'day',
      opens: 0,
      clicks: 0,
    });
  }
  for (const row of perHour) {
    const bucket = buckets.get(bucketOf(row.hour))!;
    bucket.opens += row.opens;
    bucket.clicks += row.clicks;
  }
  return [...buckets.values()];
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A campaign's results (issue 23): the funnel, the timeline, the links and the recipients. */
export function createCampaignReportsService(deps: MarketingDeps) {
  const { db } = deps;

  async function mustExist(member: Member, id: string) {
    if (!(await repository.exists(db, member.tenantId, id))) throw notFound('Campaign');
  }

  return {
    async results(member: Member, id: string): Promise<CampaignResults> {
      const { tenantId } = member;
      const campaign = await repository.campaign(db, tenantId, id);
      if (!campaign) throw notFound('Campaign');
      const started = campaign.sendingStartedAt ?? (await repository.firstActivity(db, tenantId, id));
      // Whole hours from the hour sending started: the buckets read as clock hours.
      const origin = started && new Date(Math.floor(started.getTime() / hourMs) * hourMs);
      const [perHour, clicked, botHits, attributedCustomers] = await Promise.all([
        origin ? repository.hitsPerHour(db, tenantId, id, origin) : [],
        repository.linkClicks(db, tenantId, id),
        repository.botHits(db, tenantId, id),
        repository.attributedCustomers(db, tenantId, id),
      ]);

      // A message edited since into one that no longer renders still has its clicks listed.
      const written = campaign.content ? await campaignLinks(campaign.content).catch(() => []) : [];
      const clicksAt = new Map(clicked.map((row) => [row.index, row]));
      const indexes = [...new Set([...written.keys(), ...clicksAt.keys()])].sort((a, b) => a - b);
      const links = indexes.map((index) => {
        const row = clicksAt.get(index);
        return {
          index,
          url: written[index] ?? row?.url ?? '',
          clicks: row?.clicks ?? 0,
          uniqueClickers: row?.uniqueClickers ?? 0,
        };
      });

      const { sent, bounced, opened, clicked: clickedCount, unsubscribed } = campaign;
      const delivered = Math.max(sent - bounced, 0);
      return {
        campaignId: campaign.id,
        sendingStartedAt: iso(campaign.sendingStartedAt),
        completedAt: iso(campaign.completedAt),
        funnel: {
          recipients: campaign.recipients,
          sent,
          delivered,
          opened,
          clicked: clickedCount,
          unsubscribed,
          bounced,
          failed: campaign.failed,
        },
        rates: {
          delivery: campaignRate(delivered, sent),
          open: campaignRate(opened, delivered),
          click: campaignRate(clickedCount, delivered),
          clickToOpen: campaignRate(clickedCount, opened),
          unsubscribe: campaignRate(unsubscribed, delivered),
          bounce: campaignRate(bounced, sent),
        },
        timeline: origin ? timelineOf(origin, perHour) : [],
        links,
        botHits,
        attributedCustomers,
        revenue: campaign.revenue,
      };
    },

    async recipients(
      member: Member,
      id: string,
      query: CampaignRecipientsQuery,
    ): Promise<CampaignRecipientPage> {
      const after = query.cursor ? decodeCursor(query.cursor, ['uuid'])[0] : undefined;
      await mustExist(member, id);
      const rows = await repository.recipients(db, {
        tenantId: member.tenantId,
        campaignId: id,
        status: query.status,
        q: query.q,
        after,
        limit: query.limit + 1,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [last.id]);
      return {
        data: page.map((row) => ({
          id: row.id,
          leadId: row.leadId,
          email: row.email,
          leadName: employeeFullName(row),
          status: row.status,
          sentAt: iso(row.sentAt),
          openedAt: iso(row.openedAt),
          clickedAt: iso(row.clickedAt),
          unsubscribedAt: iso(row.unsubscribedAt),
          error: row.error,
        })),
        nextCursor,
      };
    },

    async events(member: Member, id: string, query: CampaignEventsQuery): Promise<CampaignMailEventPage> {
      const cursor = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
      await mustExist(member, id);
      const rows = await repository.mailEvents(db, {
        tenantId: member.tenantId,
        campaignId: id,
        kinds: query.kind ? [query.kind] : campaignMailEventKinds,
        after: cursor && { occurredAt: cursor[0], id: cursor[1] },
        limit: query.limit + 1,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.occurredAt.toISOString(),
        last.id,
      ]);
      return {
        data: page.map((row) => ({
          id: row.id,
          kind: row.kind,
          occurredAt: row.occurredAt.toISOString(),
          sendId: row.sendId,
          leadId: row.leadId,
          email: row.email,
          leadName:
            row.firstName === null
              ? null
              : employeeFullName({ firstName: row.firstName, lastName: row.lastName ?? '' }),
          detail: row.kind === 'bounce' ? row.error : null,
        })),
        nextCursor,
      };
    },
  };
}

export type CampaignReportsService = ReturnType<typeof createCampaignReportsService>;
