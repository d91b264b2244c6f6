import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { leads, campaigns, campaignSends, campaignEvents } = schema;

const oneLead = (tenantId: string, id: string) => and(eq(leads.tenantId, tenantId), eq(leads.id, id));

export type LeadRow = Awaited<ReturnType<typeof leadsRepository.find>> & {};
export type LockedLead = NonNullable<Awaited<ReturnType<typeof leadsRepository.lock>>>;
export type LeadChanges = Partial<
  Pick<typeof leads.$inferInsert, 'status' | 'value' | 'convertedAt' | 'attributedCampaignId'>
>;

export const leadsRepository = {
  async find(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .select({
        id: leads.id,
        email: leads.email,
        firstName: leads.firstName,
        lastName: leads.lastName,
        company: leads.company,
        jobTitle: leads.jobTitle,
        phone: leads.phone,
        source: leads.source,
        status: leads.status,
        score: leads.score,
        tags: leads.tags,
        customFields: leads.customFields,
        value: leads.value,
        convertedAt: leads.convertedAt,
        attributedCampaignId: campaigns.id,
        attributedCampaignName: campaigns.name,
        createdAt: leads.createdAt,
        updatedAt: leads.updatedAt,
        version: leads.version,
      })
      .from(leads)
      .leftJoin(
        campaigns,
        and(eq(campaigns.tenantId, leads.tenantId), eq(campaigns.id, leads.attributedCampaignId)),
      )
      .where(oneLead(tenantId, id));
    return row;
  },

  async lock(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx
      .select({
        name: sql<string>`${leads.firstName} || ' ' || ${leads.lastName}`,
        status: leads.status,
        value: leads.value,
        convertedAt: leads.convertedAt,
        attributedCampaignId: leads.attributedCampaignId,
        version: leads.version,
      })
      .from(leads)
      .where(oneLead(tenantId, id))
      .for('update');
    return row;
  },

  async update(tx: Tx, tenantId: string, id: string, version: number, changes: LeadChanges) {
    const rows = await tx
      .update(leads)
      .set({ ...changes, version: sql`${leads.version} + 1` })
      .where(and(oneLead(tenantId, id), eq(leads.version, version)))
      .returning({ id: leads.id });
    return rows.length > 0;
  },

  /** The campaign of the lead's latest click by a person (not a scanner) at or before `until`. */
  async lastClickedCampaign(tx: Tx, tenantId: string, leadId: string, until: Date) {
    const [row] = await tx
      .select({ campaignId: campaignEvents.campaignId })
      .from(campaignSends)
      .innerJoin(
        campaignEvents,
        and(eq(campaignEvents.tenantId, campaignSends.tenantId), eq(campaignEvents.sendId, campaignSends.id)),
      )
      .where(
        and(
          eq(campaignSends.tenantId, tenantId),
          eq(campaignSends.leadId, leadId),
          eq(campaignEvents.kind, 'click'),
          eq(campaignEvents.bot, false),
          sql`${campaignEvents.occurredAt} <= ${until.toISOString()}`,
        ),
      )
      .orderBy(desc(campaignEvents.occurredAt), desc(campaignEvents.id))
      .limit(1);
    return row?.campaignId ?? null;
  },

  /**
   * An email campaign's revenue is the sum of the values of the customers attributed to it: set
   * again, in the same transaction, whenever one of them changes.
   */
  async refreshRevenue(tx: Tx, tenantId: string, campaignIds: readonly string[]) {
    if (campaignIds.length === 0) return;
    await tx
      .update(campaigns)
      .set({
        revenue: sql`coalesce((
          select sum(${leads.value}) from ${leads}
          where ${leads.tenantId} = ${campaigns.tenantId} and ${leads.attributedCampaignId} = ${campaigns.id}
        ), 0)`,
      })
      .where(
        and(
          eq(campaigns.tenantId, tenantId),
          inArray(campaigns.id, [...campaignIds]),
          eq(campaigns.type, 'email'),
        ),
      );
  },
};
