import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { CampaignContent } from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';

const { campaigns, campaignSends, campaignEvents, leads } = schema;

export type TrackedSend = { campaignId: string; sentAt: Date | null };

export type TrackedEvent = {
  tenantId: string;
  campaignId: string;
  sendId: string | null;
  kind: 'open' | 'click';
  linkIndex: number | null;
  url: string | null;
  bot: boolean;
  userAgent: string | null;
  occurredAt: Date;
};

/** What a link's merge tags may read of the lead (campaign-render.ts MergeLead). */
const leadColumns = {
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  company: leads.company,
  jobTitle: leads.jobTitle,
};

/** The pixel's and the rewritten links' reads and writes (issue 23). */
const firstHitColumns = {
  open: { stamp: 'opened_at', counter: 'opened' },
  click: { stamp: 'clicked_at', counter: 'clicked' },
} as const;

export const trackingRepository = {
  async send(db: Db, tenantId: string, sendId: string): Promise<TrackedSend | undefined> {
    const [row] = await db
      .select({ campaignId: campaignSends.campaignId, sentAt: campaignSends.sentAt })
      .from(campaignSends)
      .where(and(eq(campaignSends.tenantId, tenantId), eq(campaignSends.id, sendId)));
    return row;
  },

  /** A send with what its links are made of: the campaign's content and the lead it went to. */
  async sendWithContent(db: Db, tenantId: string, sendId: string) {
    const [row] = await db
      .select({
        campaignId: campaignSends.campaignId,
        sentAt: campaignSends.sentAt,
        content: campaigns.content,
        lead: leadColumns,
      })
      .from(campaignSends)
      .innerJoin(
        campaigns,
        and(eq(campaigns.tenantId, campaignSends.tenantId), eq(campaigns.id, campaignSends.campaignId)),
      )
      .innerJoin(leads, and(eq(leads.tenantId, campaignSends.tenantId), eq(leads.id, campaignSends.leadId)))
      .where(and(eq(campaignSends.tenantId, tenantId), eq(campaignSends.id, sendId)));
    return row;
  },

  async campaignContent(
    db: Db,
    tenantId: string,
    campaignId: string,
  ): Promise<{ content: CampaignContent | null } | undefined> {
    const [row] = await db
      .select({ content: campaigns.content })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
    return row;
  },

  async record(tx: Tx, event: TrackedEvent) {
    await tx.insert(campaignEvents).values(event);
  },

  /**
   * The send's first human open or click: stamps it and counts it on the campaign in one
   * statement. Of two hits at once, the second waits for the first's row lock, then finds it
   * stamped and counts nothing.
   */
  async countFirst(tx: Tx, tenantId: string, sendId: string, kind: 'open' | 'click', at: Date) {
    // Column names from this fixed table only, never from input.
    const { stamp, counter } = firstHitColumns[kind];
    const rows = await tx.execute(sql`
      with first as (
        update ${campaignSends} set ${sql.raw(stamp)} = ${at.toISOString()}::timestamptz
        where tenant_id = ${tenantId} and id = ${sendId} and ${sql.raw(stamp)} is null
        returning campaign_id
      )
      update ${campaigns} set ${sql.raw(counter)} = ${sql.raw(counter)} + 1
      from first
      where ${campaigns.tenantId} = ${tenantId} and ${campaigns.id} = first.campaign_id
      returning ${campaigns.id}`);
    return rowsOf(rows).length > 0;
  },

  /** Without per-person tracking every human hit counts. */
  async countHit(tx: Tx, tenantId: string, campaignId: string, kind: 'open' | 'click') {
    const column = kind === 'open' ? campaigns.opened : campaigns.clicked;
    await tx
      .update(campaigns)
      .set(kind === 'open' ? { opened: sql`${column} + 1` } : { clicked: sql`${column} + 1` })
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
  },
};
