import { and, asc, eq, gte, ilike, inArray, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  addCalendarDays,
  containsPattern,
  searchWords,
  startOfLocalDay,
  type CampaignActivity,
  type CampaignStatus,
  type SegmentCondition,
  type SegmentGroup,
  type SegmentLeadSummary,
  type SegmentMatch,
  type SegmentRules,
} from '@atrium/shared';
import { violatesUnique } from '../../platform/db/results';

const { leads, leadSegments, campaigns, campaignSegments, campaignSends } = schema;

// The send a campaign condition looks at, under its own name: the query the condition is put in
// may read campaign_sends itself (the sender filling a campaign's sends).
const segmentSendName = 'segment_send';
const segmentSend = alias(campaignSends, segmentSendName);

/** A word compared as leadMatchesSegment compares it (segmentWord): lower case on both sides. */
const anyWord = (column: SQL, values: readonly string[]) =>
  sql`lower(${column}) in (${sql.join(
    values.map((value) => sql`lower(cast(${value} as text))`),
    sql`, `,
  )})`;

const hasTag = (values: readonly string[]) =>
  sql`exists (select 1 from unnest(${leads.tags}) as segment_tag(word) where ${anyWord(sql`segment_tag.word`, values)})`;

// Sent is a send the mail server took ('unconfirmed', a process that died mid-message, is not:
// ADR 034); opened and clicked are the first human ones. One send per (campaign, lead).
const activityHolds: Record<CampaignActivity, SQL> = {
  sent: sql`${segmentSend.status} = 'sent'`,
  opened: sql`${segmentSend.openedAt} is not null`,
  clicked: sql`${segmentSend.clickedAt} is not null`,
  'not-opened': sql`${segmentSend.status} = 'sent' and ${segmentSend.openedAt} is null`,
  'not-clicked': sql`${segmentSend.status} = 'sent' and ${segmentSend.clickedAt} is null`,
};

function conditionSql(condition: SegmentCondition, timeZone: string): SQL {
  switch (condition.field) {
    case 'status':
      return inArray(leads.status, condition.values);
    case 'source':
      return inArray(leads.source, condition.values);
    case 'score':
      return (
        and(
          condition.from === undefined ? undefined : gte(leads.score, condition.from),
          condition.to === undefined ? undefined : lte(leads.score, condition.to),
        ) ?? sql`true`
      );
    case 'tags': {
      if (condition.match === 'any') return hasTag(condition.values);
      if (condition.match === 'none') return not(hasTag(condition.values));
      return and(...condition.values.map((value) => hasTag([value])))!;
    }
    // A lead without the field is in no industry (coalesce: never null, so the condition can
    // stand under a `not` in whatever query it is put in).
    case 'industry':
      return sql`coalesce(${anyWord(sql`${leads.customFields} ->> 'industry'`, condition.values)}, false)`;
    case 'companySize':
      return sql`coalesce(${anyWord(sql`${leads.customFields} ->> 'companySize'`, condition.values)}, false)`;
    // Calendar days of the workspace, as instants: created_at's own range, no per-row conversion.
    case 'created':
      return (
        and(
          condition.from === undefined
            ? undefined
            : gte(leads.createdAt, startOfLocalDay(condition.from, timeZone)),
          condition.to === undefined
            ? undefined
            : lt(leads.createdAt, startOfLocalDay(addCalendarDays(condition.to, 1), timeZone)),
        ) ?? sql`true`
      );
    case 'campaign':
      return sql`exists (select 1 from ${campaignSends} as ${sql.identifier(segmentSendName)} where ${and(
        eq(segmentSend.tenantId, leads.tenantId),
        eq(segmentSend.leadId, leads.id),
        eq(segmentSend.campaignId, condition.campaignId),
        activityHolds[condition.activity],
      )})`;
  }
}

// As Array.every and .some: nothing to match is true for all, false for any (the schema asks for
// a condition per group; rules are read back from storage as they were saved).
const combine = (match: SegmentMatch, parts: SQL[]) =>
  (match === 'all' ? and(...parts) : or(...parts)) ?? (match === 'all' ? sql`true` : sql`false`);

const groupSql = (group: SegmentGroup, timeZone: string) =>
  combine(
    group.match,
    group.conditions.map((condition) => conditionSql(condition, timeZone)),
  );

/**
 * A segment's rules as one SQL condition over `leads` (issue 23), with the meaning of
 * leadMatchesSegment in packages/shared (the integration tests hold the two together):
 * - words (tags, industry, company size; the latter two in custom_fields) compare in lower case;
 * - `created` is the lead's created_at as a calendar day in `timeZone`, the workspace's;
 * - campaign activity reads the lead's campaign_sends row: sent is status 'sent', opened and
 *   clicked are opened_at / clicked_at set, "not" ones are sent and not opened / clicked;
 * - no groups is every lead.
 * Every value is a bound parameter. The condition reads the table as `leads` (no alias) and never
 * looks at the tenant: a query puts it next to `leads.tenant_id = $tenant`, e.g.
 * `tenant and (segment 1 or segment 2)`. A campaign of another workspace matches nothing, its
 * sends being another workspace's; the service refuses such rules anyway (422).
 */
export function leadMatchesRules(rules: SegmentRules, options: { timeZone: string }): SQL {
  if (rules.groups.length === 0) return sql`true`;
  return sql`(${combine(
    rules.match,
    rules.groups.map((group) => groupSql(group, options.timeZone)),
  )})`;
}

/** The campaigns the rules' campaign conditions name, each once. */
export function campaignIdsOf(rules: SegmentRules): string[] {
  const ids = rules.groups.flatMap((group) =>
    group.conditions.flatMap((condition) => (condition.field === 'campaign' ? [condition.campaignId] : [])),
  );
  return [...new Set(ids)];
}

const segmentColumns = {
  id: leadSegments.id,
  name: leadSegments.name,
  description: leadSegments.description,
  rules: leadSegments.rules,
  createdAt: leadSegments.createdAt,
  updatedAt: leadSegments.updatedAt,
  version: leadSegments.version,
};

export type SegmentRow = {
  id: string;
  name: string;
  description: string;
  rules: SegmentRules;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

export type SegmentCampaignRow = {
  segmentId: string;
  id: string;
  name: string;
  status: CampaignStatus;
  /** How many campaigns go to the segment, whether or not `perSegment` left them out. */
  total: number;
};

const leadColumns = {
  id: leads.id,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  company: leads.company,
  status: leads.status,
  score: leads.score,
};

const matching = (tenantId: string, rules: SegmentRules, timeZone: string) =>
  and(eq(leads.tenantId, tenantId), leadMatchesRules(rules, { timeZone }));

export const segmentsRepository = {
  /** By name, as people read it. */
  async list(db: Db, tenantId: string): Promise<SegmentRow[]> {
    return db
      .select(segmentColumns)
      .from(leadSegments)
      .where(eq(leadSegments.tenantId, tenantId))
      .orderBy(sql`lower(${leadSegments.name})`, asc(leadSegments.id));
  },

  async find(db: Db | Tx, tenantId: string, id: string): Promise<SegmentRow | undefined> {
    const [row] = await db
      .select(segmentColumns)
      .from(leadSegments)
      .where(and(eq(leadSegments.tenantId, tenantId), eq(leadSegments.id, id)));
    return row;
  },

  /** The campaigns going to the segments, by name: all of them, or the first `perSegment` of each. */
  async usedBy(
    db: Db | Tx,
    tenantId: string,
    segmentIds: readonly string[],
    perSegment?: number,
  ): Promise<SegmentCampaignRow[]> {
    if (segmentIds.length === 0) return [];
    const byName = sql`order by ${campaigns.name}, ${campaigns.id}`;
    const ranked = db
      .select({
        segmentId: campaignSegments.segmentId,
        id: campaigns.id,
        name: campaigns.name,
        status: campaigns.status,
        total: sql<number>`count(*) over (partition by ${campaignSegments.segmentId})::int`.as('total'),
        place: sql<number>`row_number() over (partition by ${campaignSegments.segmentId} ${byName})`.as(
          'place',
        ),
      })
      .from(campaignSegments)
      .innerJoin(
        campaigns,
        and(eq(campaigns.tenantId, campaignSegments.tenantId), eq(campaigns.id, campaignSegments.campaignId)),
      )
      .where(
        and(eq(campaignSegments.tenantId, tenantId), inArray(campaignSegments.segmentId, [...segmentIds])),
      )
      .as('ranked');
    return db
      .select({
        segmentId: ranked.segmentId,
        id: ranked.id,
        name: ranked.name,
        status: ranked.status,
        total: ranked.total,
      })
      .from(ranked)
      .where(perSegment === undefined ? undefined : lte(ranked.place, perSegment))
      .orderBy(asc(ranked.name), asc(ranked.id));
  },

  /** The names of those of `ids` that are campaigns of the workspace. */
  async campaignNames(db: Db | Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), inArray(campaigns.id, [...ids])));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  async insert(
    tx: Tx,
    values: {
      tenantId: string;
      name: string;
      description: string;
      rules: SegmentRules;
      createdBy: string | null;
    },
  ): Promise<string> {
    const [row] = await tx.insert(leadSegments).values(values).returning({ id: leadSegments.id });
    return row!.id;
  },

  /** Changes the fields given and moves the version if the segment still has `version`. */
  async update(
    tx: Tx,
    change: {
      tenantId: string;
      id: string;
      version: number;
      name?: string | undefined;
      description?: string | undefined;
      rules?: SegmentRules | undefined;
    },
  ): Promise<boolean> {
    const { tenantId, id, version, name, description, rules } = change;
    const rows = await tx
      .update(leadSegments)
      .set({
        ...(name === undefined ? {} : { name }),
        ...(description === undefined ? {} : { description }),
        ...(rules === undefined ? {} : { rules }),
        version: sql`${leadSegments.version} + 1`,
      })
      .where(
        and(eq(leadSegments.tenantId, tenantId), eq(leadSegments.id, id), eq(leadSegments.version, version)),
      )
      .returning({ id: leadSegments.id });
    return rows.length > 0;
  },

  async delete(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(leadSegments)
      .where(and(eq(leadSegments.tenantId, tenantId), eq(leadSegments.id, id)))
      .returning({ id: leadSegments.id });
    return rows.length > 0;
  },

  isDuplicateName: (error: unknown) => violatesUnique(error, 'lead_segments_name_idx'),

  /** A campaign took the segment between the check and the delete (campaign_segments' key). */
  isInUse(error: unknown): boolean {
    for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: unknown }).code === '23503') return true;
    }
    return false;
  },

  /** How many of the workspace's leads match. */
  async count(db: Db, tenantId: string, rules: SegmentRules, timeZone: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(leads)
      .where(matching(tenantId, rules, timeZone));
    return row?.count ?? 0;
  },

  /**
   * Matching leads by last name, first name and id, `limit` of them after the one whose
   * (last name, first name, id) is `after`.
   */
  async leads(
    db: Db,
    page: {
      tenantId: string;
      rules: SegmentRules;
      timeZone: string;
      limit: number;
      after?: readonly [string, string, string] | undefined;
    },
  ): Promise<SegmentLeadSummary[]> {
    const { tenantId, rules, timeZone, limit, after } = page;
    return db
      .select(leadColumns)
      .from(leads)
      .where(
        and(
          matching(tenantId, rules, timeZone),
          after &&
            sql`(${leads.lastName}, ${leads.firstName}, ${leads.id}) > (cast(${after[0]} as text), cast(${after[1]} as text), cast(${after[2]} as uuid))`,
        ),
      )
      .orderBy(asc(leads.lastName), asc(leads.firstName), asc(leads.id))
      .limit(limit);
  },

  /** Leads whose name, address or company holds every word of `q`, by last name, first name, id. */
  async search(
    db: Db,
    page: {
      tenantId: string;
      q: string | undefined;
      limit: number;
      after?: readonly [string, string, string] | undefined;
    },
  ): Promise<SegmentLeadSummary[]> {
    const { tenantId, q, limit, after } = page;
    // Each column on its own, so that its trigram index finds the word.
    const holds = (word: string) =>
      or(
        ...[leads.firstName, leads.lastName, leads.email, leads.company].map((column) =>
          ilike(column, containsPattern(word)),
        ),
      );
    return db
      .select(leadColumns)
      .from(leads)
      .where(
        and(
          eq(leads.tenantId, tenantId),
          ...searchWords(q).map(holds),
          after &&
            sql`(${leads.lastName}, ${leads.firstName}, ${leads.id}) > (cast(${after[0]} as text), cast(${after[1]} as text), cast(${after[2]} as uuid))`,
        ),
      )
      .orderBy(asc(leads.lastName), asc(leads.firstName), asc(leads.id))
      .limit(limit);
  },
};
