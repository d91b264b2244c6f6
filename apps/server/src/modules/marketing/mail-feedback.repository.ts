import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { campaignSends, campaigns, campaignEvents, leads, workspaces } = schema;

export type SendRow = {
  id: string;
  tenantId: string;
  campaignId: string;
  leadId: string;
  email: string;
};

type CampaignCounter = 'unsubscribed' | 'bounced';

/**
 * What comes back from a campaign's mail (issue 23): unsubscribes, bounces and complaints, written
 * on the send, its campaign's counters and the campaign's events.
 */
export const mailFeedbackRepository = {
  async findSend(db: Db | Tx, tenantId: string, id: string): Promise<SendRow | undefined> {
    const [row] = await db
      .select({
        id: campaignSends.id,
        tenantId: campaignSends.tenantId,
        campaignId: campaignSends.campaignId,
        leadId: campaignSends.leadId,
        email: campaignSends.email,
      })
      .from(campaignSends)
      .where(and(eq(campaignSends.tenantId, tenantId), eq(campaignSends.id, id)));
    return row;
  },

  async workspaceName(db: Db, tenantId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, tenantId));
    return row?.name;
  },

  /** True the first time only: a second unsubscribe of the same send changes nothing. */
  async markUnsubscribed(tx: Tx, send: SendRow, at: Date): Promise<boolean> {
    const rows = await tx
      .update(campaignSends)
      .set({ unsubscribedAt: at })
      .where(
        and(
          eq(campaignSends.tenantId, send.tenantId),
          eq(campaignSends.id, send.id),
          isNull(campaignSends.unsubscribedAt),
        ),
      )
      .returning({ id: campaignSends.id });
    return rows.length > 0;
  },

  /** True the first time only: the sender may have marked it already (a 5xx answer), or a DSN came twice. */
  async markBounced(tx: Tx, send: SendRow, error: string): Promise<boolean> {
    const rows = await tx
      .update(campaignSends)
      .set({ status: 'bounced', error })
      .where(
        and(
          eq(campaignSends.tenantId, send.tenantId),
          eq(campaignSends.id, send.id),
          ne(campaignSends.status, 'bounced'),
        ),
      )
      .returning({ id: campaignSends.id });
    return rows.length > 0;
  },

  async countOnCampaign(tx: Tx, send: SendRow, counter: CampaignCounter) {
    await tx
      .update(campaigns)
      .set({ [counter]: sql`${campaigns[counter]} + 1` })
      .where(and(eq(campaigns.tenantId, send.tenantId), eq(campaigns.id, send.campaignId)));
  },

  async recordEvent(tx: Tx, send: SendRow, kind: 'unsubscribe' | 'bounce' | 'complaint', at: Date) {
    await tx.insert(campaignEvents).values({
      tenantId: send.tenantId,
      campaignId: send.campaignId,
      sendId: send.id,
      kind,
      occurredAt: at,
    });
  },

  /** Whether the send already had such an event: mail servers report some things more than once. */
  async hasEvent(tx: Tx, send: SendRow, kind: 'bounce' | 'complaint'): Promise<boolean> {
    const [row] = await tx
      .select({ id: campaignEvents.id })
      .from(campaignEvents)
      .where(
        and(
          eq(campaignEvents.tenantId, send.tenantId),
          eq(campaignEvents.sendId, send.id),
          eq(campaignEvents.kind, kind),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** One more temporary bounce of the lead's address: the lead's count after it. */
  async countSoftBounce(tx: Tx, send: SendRow): Promise<number> {
    const [row] = await tx
      .update(leads)
      .set({ softBounces: sql`least(${leads.softBounces} + 1, 32767)` })
      .where(and(eq(leads.tenantId, send.tenantId), eq(leads.id, send.leadId)))
      .returning({ softBounces: leads.softBounces });
    return row?.softBounces ?? 0;
  },
};
