import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';
import {
  containsPattern,
  searchWords,
  type CampaignContent,
  type CampaignMailEventKind,
  type CampaignRecipientFilter,
  type CampaignSendStatus,
} from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';

const { campaigns, campaignSends, campaignEvents, leads } = schema;

export type CampaignReportRow = {
  id: string;
  content: CampaignContent | null;
  recipients: number;
  sent: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  bounced: number;
  failed: number;
  revenue: number;
  sendingStartedAt: Date | null;
  completedAt: Date | null;
};

export type RecipientRow = {
  id: string;
  leadId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: CampaignSendStatus;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  unsubscribedAt: Date | null;
  error: string | null;
};

export type MailEventRow = {
  id: string;
  kind: CampaignMailEventKind;
  occurredAt: Date;
  sendId: string | null;
  leadId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  error: string | null;
};

const sendOfEvent = and(
  eq(campaignSends.tenantId, campaignEvents.tenantId),
  eq(campaignSends.id, campaignEvents.sendId),
);
const leadOfSend = and(eq(leads.tenantId, campaignSends.tenantId), eq(leads.id, campaignSends.leadId));

function recipientFilter(status: CampaignRecipientFilter | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'opened':
      return isNotNull(campaignSends.openedAt);
    case 'clicked':
      return isNotNull(campaignSends.clickedAt);
    case 'unsubscribed':
      return isNotNull(campaignSends.unsubscribedAt);
    default:
      return eq(campaignSends.status, status);
  }
}

/** A campaign's results page (issue 23); every read is within one workspace's campaign. */
export const campaignReportsRepository = {
  async campaign(db: Db, tenantId: string, id: string): Promise<CampaignReportRow | undefined> {
    const [row] = await db
      .select({
        id: campaigns.id,
        content: campaigns.content,
        recipients: campaigns.recipients,
        sent: campaigns.sent,
        opened: campaigns.opened,
        clicked: campaigns.clicked,
        unsubscribed: campaigns.unsubscribed,
        bounced: campaigns.bounced,
        failed: campaigns.failed,
        revenue: campaigns.revenue,
        sendingStartedAt: campaigns.sendingStartedAt,
        completedAt: campaigns.completedAt,
      })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
    return row;
  },

  async exists(db: Db, tenantId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
    return row !== undefined;
  },

  /** The first message sent or human hit: where the timeline of a campaign never started starts. */
  async firstActivity(db: Db, tenantId: string, id: string): Promise<Date | null> {
    const result = await db.execute(sql`
      select least(
        (select min(${campaignSends.sentAt}) from ${campaignSends}
          where ${campaignSends.tenantId} = ${tenantId} and ${campaignSends.campaignId} = ${id}),
        (select min(${campaignEvents.occurredAt}) from ${campaignEvents}
          where ${campaignEvents.tenantId} = ${tenantId} and ${campaignEvents.campaignId} = ${id}
            and ${campaignEvents.kind} in ('open', 'click') and not ${campaignEvents.bot})
      ) as "first"`);
    const first = rowsOf<{ first: string | Date | null }>(result)[0]?.first;
    return first ? new Date(first) : null;
  },

  /** Human opens and clicks per whole hour since `origin` (hits before it in hour 0). */
  async hitsPerHour(db: Db, tenantId: string, id: string, origin: Date) {
    const result = await db.execute(sql`
      select greatest(floor(extract(epoch from (${campaignEvents.occurredAt} - ${origin.toISOString()}::timestamptz)) / 3600), 0)::int as "hour",
        (count(*) filter (where ${campaignEvents.kind} = 'open'))::int as "opens",
        (count(*) filter (where ${campaignEvents.kind} = 'click'))::int as "clicks"
      from ${campaignEvents}
      where ${campaignEvents.tenantId} = ${tenantId} and ${campaignEvents.campaignId} = ${id}
        and ${campaignEvents.kind} in ('open', 'click') and not ${campaignEvents.bot}
      group by 1
      order by 1`);
    return rowsOf<{ hour: number; opens: number; clicks: number }>(result);
  },

  /** Clicks per link index: human clicks, recipients who clicked, and a url it led to. */
  async linkClicks(db: Db, tenantId: string, id: string) {
    const result = await db.execute(sql`
      select ${campaignEvents.linkIndex}::int as "index", min(${campaignEvents.url}) as "url",
        (count(*) filter (where not ${campaignEvents.bot}))::int as "clicks",
        (count(distinct ${campaignEvents.sendId}) filter (where not ${campaignEvents.bot}))::int as "uniqueClickers"
      from ${campaignEvents}
      where ${campaignEvents.tenantId} = ${tenantId} and ${campaignEvents.campaignId} = ${id}
        and ${campaignEvents.kind} = 'click' and ${campaignEvents.linkIndex} is not null
      group by ${campaignEvents.linkIndex}
      order by 1`);
    return rowsOf<{ index: number; url: string | null; clicks: number; uniqueClickers: number }>(result);
  },

  async botHits(db: Db, tenantId: string, id: string): Promise<{ opens: number; clicks: number }> {
    const result = await db.execute(sql`
      select (count(*) filter (where ${campaignEvents.kind} = 'open'))::int as "opens",
        (count(*) filter (where ${campaignEvents.kind} = 'click'))::int as "clicks"
      from ${campaignEvents}
      where ${campaignEvents.tenantId} = ${tenantId} and ${campaignEvents.campaignId} = ${id}
        and ${campaignEvents.kind} in ('open', 'click') and ${campaignEvents.bot}`);
    return rowsOf<{ opens: number; clicks: number }>(result)[0] ?? { opens: 0, clicks: 0 };
  },

  /** Customers whose value counts for this campaign (attributed when they became customers). */
  async attributedCustomers(db: Db, tenantId: string, id: string): Promise<number> {
    const [row] = await db
      .select({ count: count() })
      .from(leads)
      .where(and(eq(leads.tenantId, tenantId), eq(leads.attributedCampaignId, id)));
    return row?.count ?? 0;
  },

  /** One keyset page of the campaign's sends in id order (`limit` rows after `after`). */
  async recipients(
    db: Db,
    query: {
      tenantId: string;
      campaignId: string;
      status: CampaignRecipientFilter | undefined;
      q: string | undefined;
      after: string | undefined;
      limit: number;
    },
  ): Promise<RecipientRow[]> {
    const { tenantId, campaignId } = query;
    const words = searchWords(query.q).map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(campaignSends.email, pattern),
        ilike(leads.firstName, pattern),
        ilike(leads.lastName, pattern),
      );
    });
    const rows = await db
      .select({
        id: campaignSends.id,
        leadId: campaignSends.leadId,
        email: campaignSends.email,
        firstName: leads.firstName,
        lastName: leads.lastName,
        status: campaignSends.status,
        sentAt: campaignSends.sentAt,
        openedAt: campaignSends.openedAt,
        clickedAt: campaignSends.clickedAt,
        unsubscribedAt: campaignSends.unsubscribedAt,
        error: campaignSends.error,
      })
      .from(campaignSends)
      .innerJoin(leads, leadOfSend)
      .where(
        and(
          eq(campaignSends.tenantId, tenantId),
          eq(campaignSends.campaignId, campaignId),
          recipientFilter(query.status),
          query.after ? sql`${campaignSends.id} > ${query.after}::uuid` : undefined,
          ...words,
        ),
      )
      .orderBy(campaignSends.id)
      .limit(query.limit);
    return rows;
  },

  /** One keyset page of the campaign's bounces, unsubscribes and complaints, newest first. */
  async mailEvents(
    db: Db,
    query: {
      tenantId: string;
      campaignId: string;
      kinds: readonly CampaignMailEventKind[];
      after: { occurredAt: string; id: string } | undefined;
      limit: number;
    },
  ): Promise<MailEventRow[]> {
    const { tenantId, campaignId, after } = query;
    const rows = await db
      .select({
        id: campaignEvents.id,
        kind: campaignEvents.kind,
        occurredAt: campaignEvents.occurredAt,
        sendId: campaignEvents.sendId,
        leadId: campaignSends.leadId,
        email: campaignSends.email,
        firstName: leads.firstName,
        lastName: leads.lastName,
        error: campaignSends.error,
      })
      .from(campaignEvents)
      .leftJoin(campaignSends, sendOfEvent)
      .leftJoin(leads, leadOfSend)
      .where(
        and(
          eq(campaignEvents.tenantId, tenantId),
          eq(campaignEvents.campaignId, campaignId),
          inArray(campaignEvents.kind, [...query.kinds]),
          after
            ? sql`(${campaignEvents.occurredAt}, ${campaignEvents.id}) < (${after.occurredAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(campaignEvents.occurredAt), desc(campaignEvents.id))
      .limit(query.limit);
    return rows as MailEventRow[];
  },
};
