import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  containsPattern,
  searchWords,
  type CampaignContent,
  type CampaignSegmentRef,
  type CampaignSortKey,
  type CampaignStatus,
  type CampaignType,
} from '@atrium/shared';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';

const { campaigns, campaignSegments, leadSegments, employees, emailSuppressions, leads } = schema;

/**
 * The campaign's segments, by name, in the same statement: a correlated subquery per row of the
 * page, read through campaign_segments' primary key. The outer columns are written out: Drizzle
 * leaves them unqualified in a select from one table, and tenant_id would then be ambiguous.
 */
const segmentsOfCampaign = sql<CampaignSegmentRef[]>`(
  select coalesce(json_agg(json_build_object('id', cs_s.id, 'name', cs_s.name) order by lower(cs_s.name), cs_s.id), '[]'::json)
  from campaign_segments cs
  join lead_segments cs_s on cs_s.tenant_id = cs.tenant_id and cs_s.id = cs.segment_id
  where cs.tenant_id = campaigns.tenant_id and cs.campaign_id = campaigns.id
)`;

const listColumns = {
  id: campaigns.id,
  name: campaigns.name,
  type: campaigns.type,
  status: campaigns.status,
  recipients: campaigns.recipients,
  sent: campaigns.sent,
  delivered: campaigns.delivered,
  opened: campaigns.opened,
  clicked: campaigns.clicked,
  unsubscribed: campaigns.unsubscribed,
  bounced: campaigns.bounced,
  revenue: campaigns.revenue,
  budget: campaigns.budget,
  startsAt: campaigns.startsAt,
  updatedAt: campaigns.updatedAt,
  version: campaigns.version,
  segments: segmentsOfCampaign,
};

const detailColumns = {
  ...listColumns,
  description: campaigns.description,
  content: campaigns.content,
  fromName: campaigns.fromName,
  fromEmail: campaigns.fromEmail,
  timeZone: campaigns.timeZone,
  frequency: campaigns.frequency,
  failed: campaigns.failed,
  sendingStartedAt: campaigns.sendingStartedAt,
  completedAt: campaigns.completedAt,
  pausedReason: campaigns.pausedReason,
  createdAt: campaigns.createdAt,
  creatorId: employees.id,
  creatorFirstName: employees.firstName,
  creatorLastName: employees.lastName,
  creatorAvatarUrl: employees.avatarUrl,
};

const selectList = (db: Db) => db.select(listColumns).from(campaigns);
const selectDetails = (db: Db | Tx) =>
  db
    .select(detailColumns)
    .from(campaigns)
    .leftJoin(
      employees,
      and(eq(employees.tenantId, campaigns.tenantId), eq(employees.id, campaigns.createdBy)),
    );

export type CampaignRow = Awaited<ReturnType<typeof selectList>>[number];
export type CampaignDetailsRow = Awaited<ReturnType<typeof selectDetails>>[number];

/** What a change is checked against: the row as it is, locked until the transaction ends. */
export type LockedCampaign = Pick<
  typeof campaigns.$inferSelect,
  | 'id'
  | 'name'
  | 'type'
  | 'status'
  | 'version'
  | 'description'
  | 'budget'
  | 'content'
  | 'fromName'
  | 'fromEmail'
  | 'startsAt'
  | 'sent'
  | 'delivered'
  | 'opened'
  | 'clicked'
  | 'revenue'
>;

/** The columns the campaigns API writes; the counters of email campaigns are the sender's. */
export type CampaignValues = {
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  description: string;
  budget: number | null;
  content: CampaignContent | null;
  fromName: string | null;
  fromEmail: string | null;
  startsAt: Date | null;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  revenue: number;
};

export type CampaignChanges = Partial<Omit<CampaignValues, 'type'>>;

// No index serves these orders: a workspace has hundreds of campaigns, not millions, and the
// list reads them through the primary key's tenant prefix (the large sample has 500).
const sortKeys: Record<CampaignSortKey, KeysetSort<CampaignRow>> = {
  updatedAt: {
    exprs: [sql`${campaigns.updatedAt}`],
    casts: [{ type: 'timestamptz' }],
    values: (row) => [row.updatedAt.toISOString()],
  },
  name: { exprs: [sql`${campaigns.name}`], casts: [{ type: 'text' }], values: (row) => [row.name] },
  sent: { exprs: [sql`${campaigns.sent}`], casts: [{ type: 'int' }], values: (row) => [row.sent] },
};

export const campaignCursorShape = (sort: CampaignSortKey) => keysetCursorShape(sortKeys[sort]);
export const campaignCursorValues = (sort: CampaignSortKey, row: CampaignRow) =>
  keysetCursor(sortKeys[sort], row);

export type CampaignFilter = {
  status?: CampaignStatus | undefined;
  type?: CampaignType | undefined;
  q?: string | undefined;
};

function filterWhere(tenantId: string, filter: CampaignFilter): SQL {
  const conditions: SQL[] = [eq(campaigns.tenantId, tenantId)];
  if (filter.status) conditions.push(eq(campaigns.status, filter.status));
  if (filter.type) conditions.push(eq(campaigns.type, filter.type));
  for (const word of searchWords(filter.q)) conditions.push(ilike(campaigns.name, containsPattern(word)));
  return and(...conditions)!;
}

const oneCampaign = (tenantId: string, id: string) =>
  and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id));

export const campaignsRepository = {
  /** One keyset page (up to `limit` rows) of the workspace's campaigns. */
  list(
    db: Db,
    page: {
      tenantId: string;
      filter: CampaignFilter;
      sort: CampaignSortKey;
      direction: 'asc' | 'desc';
      limit: number;
      cursor: (string | number | null)[] | undefined;
    },
  ): Promise<CampaignRow[]> {
    const { tenantId, filter, sort, direction, limit, cursor } = page;
    const where = filterWhere(tenantId, filter);
    return keysetPage(
      { sort: sortKeys[sort], idColumn: sql`${campaigns.id}`, direction, cursor, limit },
      (keyset) =>
        selectList(db)
          .where(and(where, keyset.where))
          .orderBy(...keyset.orderBy)
          .limit(keyset.limit),
    );
  },

  async find(db: Db | Tx, tenantId: string, id: string): Promise<CampaignDetailsRow | undefined> {
    const [row] = await selectDetails(db).where(oneCampaign(tenantId, id));
    return row;
  },

  /**
   * The campaign locked until the transaction ends: starting to send takes the same lock, so a
   * change checked against `status` here cannot slip in after the sending began.
   */
  async lock(tx: Tx, tenantId: string, id: string): Promise<LockedCampaign | undefined> {
    const [row] = await tx
      .select({
        id: campaigns.id,
        name: campaigns.name,
        type: campaigns.type,
        status: campaigns.status,
        version: campaigns.version,
        description: campaigns.description,
        budget: campaigns.budget,
        content: campaigns.content,
        fromName: campaigns.fromName,
        fromEmail: campaigns.fromEmail,
        startsAt: campaigns.startsAt,
        sent: campaigns.sent,
        delivered: campaigns.delivered,
        opened: campaigns.opened,
        clicked: campaigns.clicked,
        revenue: campaigns.revenue,
      })
      .from(campaigns)
      .where(oneCampaign(tenantId, id))
      .for('update');
    return row;
  },

  /** Which of `ids` are segments of the workspace, locked against deletion until the transaction ends. */
  async segmentsAmong(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: leadSegments.id })
      .from(leadSegments)
      .where(and(eq(leadSegments.tenantId, tenantId), inArray(leadSegments.id, [...ids])))
      .for('key share');
    return new Set(rows.map((row) => row.id));
  },

  async segmentIdsOf(tx: Tx, tenantId: string, campaignId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: campaignSegments.segmentId })
      .from(campaignSegments)
      .where(and(eq(campaignSegments.tenantId, tenantId), eq(campaignSegments.campaignId, campaignId)));
    return rows.map((row) => row.id);
  },

  async insert(
    tx: Tx,
    tenantId: string,
    values: CampaignValues & { createdBy: string | null },
  ): Promise<string> {
    const [row] = await tx
      .insert(campaigns)
      .values({ tenantId, ...values })
      .returning({ id: campaigns.id });
    return row!.id;
  },

  /** Applies the changes and moves the version if the campaign still has `version`. */
  async update(
    tx: Tx,
    change: { tenantId: string; id: string; version: number; changes: CampaignChanges },
  ): Promise<boolean> {
    const { tenantId, id, version, changes } = change;
    const rows = await tx
      .update(campaigns)
      .set({ ...changes, version: sql`${campaigns.version} + 1` })
      .where(and(oneCampaign(tenantId, id), eq(campaigns.version, version)))
      .returning({ id: campaigns.id });
    return rows.length > 0;
  },

  async replaceSegments(tx: Tx, tenantId: string, campaignId: string, segmentIds: readonly string[]) {
    await tx
      .delete(campaignSegments)
      .where(and(eq(campaignSegments.tenantId, tenantId), eq(campaignSegments.campaignId, campaignId)));
    if (segmentIds.length > 0) {
      await tx
        .insert(campaignSegments)
        .values(segmentIds.map((segmentId) => ({ tenantId, campaignId, segmentId })));
    }
  },

  /**
   * Deletes the campaign with its sends, events and audience (by cascade). The suppressions it
   * led to stay: an address unsubscribed through a deleted campaign is still unsubscribed, so
   * they lose the reference first (the foreign key would delete them with it).
   */
  async delete(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    await tx
      .update(emailSuppressions)
      .set({ campaignId: null })
      .where(and(eq(emailSuppressions.tenantId, tenantId), eq(emailSuppressions.campaignId, id)));
    // Its customers stay customers, with their values; their revenue counts for no campaign.
    await tx
      .update(leads)
      .set({ attributedCampaignId: null })
      .where(and(eq(leads.tenantId, tenantId), eq(leads.attributedCampaignId, id)));
    const rows = await tx.delete(campaigns).where(oneCampaign(tenantId, id)).returning({ id: campaigns.id });
    return rows.length > 0;
  },
};
