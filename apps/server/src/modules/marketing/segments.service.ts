import {
  describeSegmentRules,
  segmentListCampaigns,
  segmentPreviewSize,
  type CreateSegmentValues,
  type LeadSearchQueryValues,
  type ListQuery,
  type Segment,
  type SegmentLeadPage,
  type SegmentPreview,
  type SegmentRules,
  type UpdateSegmentValues,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { byName, decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { AppError, conflict, notFound, staleVersion } from '../../platform/errors/app-error';
import type { MarketingDeps } from './marketing-deps';
import {
  campaignIdsOf,
  segmentsRepository as repository,
  type SegmentCampaignRow,
  type SegmentRow,
} from './segments.repository';

const duplicateName = () => conflict('A segment with this name exists', { name: 'Choose another name' });

const deletedCampaign = 'a deleted campaign';

function toSegment(
  row: SegmentRow,
  campaignNames: ReadonlyMap<string, string>,
  usedBy: readonly SegmentCampaignRow[],
): Segment {
  const mine = usedBy.filter((campaign) => campaign.segmentId === row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rules: row.rules,
    summary: describeSegmentRules(row.rules, (id) => campaignNames.get(id) ?? deletedCampaign),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    usedBy: mine.map(({ id, name, status }) => ({ id, name, status })),
    usedByCount: mine[0]?.total ?? 0,
  };
}

/** Saved audiences of marketing campaigns (issue 23): rules over leads, counted and listed live. */
export function createSegmentsService(deps: MarketingDeps) {
  const { db } = deps;

  /**
   * A campaign condition must name a campaign of the workspace (422 at the condition otherwise):
   * one of another workspace would match nothing, and saying so would tell that it exists.
   */
  async function checkCampaigns(member: Member, rules: SegmentRules) {
    const known = await repository.campaignNames(db, member.tenantId, campaignIdsOf(rules));
    const fields: Record<string, string> = {};
    rules.groups.forEach((group, g) =>
      group.conditions.forEach((condition, c) => {
        if (condition.field === 'campaign' && !known.has(condition.campaignId)) {
          fields[`rules.groups.${g}.conditions.${c}.campaignId`] = 'Choose a campaign of this workspace';
        }
      }),
    );
    if (Object.keys(fields).length > 0) {
      throw new AppError(
        'unprocessable',
        'A condition names a campaign this workspace does not have',
        fields,
      );
    }
  }

  async function segments(
    member: Member,
    rows: readonly SegmentRow[],
    campaignsEach?: number,
  ): Promise<Segment[]> {
    const ids = rows.map((row) => row.id);
    const [names, usedBy] = await Promise.all([
      repository.campaignNames(db, member.tenantId, [
        ...new Set(rows.flatMap((row) => campaignIdsOf(row.rules))),
      ]),
      repository.usedBy(db, member.tenantId, ids, campaignsEach),
    ]);
    return rows.map((row) => toSegment(row, names, usedBy));
  }

  async function segment(member: Member, id: string): Promise<Segment> {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Segment');
    return (await segments(member, [row]))[0]!;
  }

  async function rulesOf(member: Member, id: string): Promise<SegmentRules> {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Segment');
    return row.rules;
  }

  return {
    async list(member: Member): Promise<{ data: Segment[] }> {
      const rows = await repository.list(db, member.tenantId);
      return { data: await segments(member, rows, segmentListCampaigns) };
    },

    get: segment,

    async create(member: Member, input: CreateSegmentValues): Promise<Segment> {
      await checkCampaigns(member, input.rules);
      try {
        const id = await db.transaction((tx) =>
          repository.insert(tx, {
            tenantId: member.tenantId,
            name: input.name,
            description: input.description,
            rules: input.rules,
            createdBy: member.employeeId,
          }),
        );
        return await segment(member, id);
      } catch (error) {
        if (repository.isDuplicateName(error)) throw duplicateName();
        throw error;
      }
    },

    /** 412 when the version is stale; each field left out keeps its value. */
    async update(member: Member, id: string, input: UpdateSegmentValues): Promise<Segment> {
      if (input.rules) await checkCampaigns(member, input.rules);
      try {
        await db.transaction(async (tx) => {
          const changed = await repository.update(tx, { tenantId: member.tenantId, id, ...input });
          if (!changed) {
            throw (await repository.find(tx, member.tenantId, id)) ? staleVersion() : notFound('Segment');
          }
        });
      } catch (error) {
        if (repository.isDuplicateName(error)) throw duplicateName();
        throw error;
      }
      return segment(member, id);
    },

    /** A segment campaigns go to stays (409 naming them): take it off the campaigns first. */
    async delete(member: Member, id: string): Promise<void> {
      const inUse = async () => {
        const campaigns = await repository.usedBy(db, member.tenantId, [id]);
        const names = campaigns.map((campaign) => `“${campaign.name}”`).join(', ');
        return conflict(`Campaigns go to this segment: ${names}. Take it off them first.`);
      };
      if ((await repository.usedBy(db, member.tenantId, [id])).length > 0) throw await inUse();
      try {
        const deleted = await db.transaction((tx) => repository.delete(tx, member.tenantId, id));
        if (!deleted) throw notFound('Segment');
      } catch (error) {
        if (repository.isInUse(error)) throw await inUse();
        throw error;
      }
    },

    /**
     * The count and the first leads by name for rules being edited: two statements, run side by
     * side (the screen asks again on every change).
     */
    async preview(member: Member, rules: SegmentRules): Promise<SegmentPreview> {
      await checkCampaigns(member, rules);
      const { tenantId, timeZone } = member;
      const [count, leads] = await Promise.all([
        repository.count(db, tenantId, rules, timeZone),
        repository.leads(db, { tenantId, rules, timeZone, limit: segmentPreviewSize }),
      ]);
      return { count, leads };
    },

    /** A saved segment's leads, keyset pages by last name, first name and id. */
    async leads(member: Member, id: string, query: ListQuery): Promise<SegmentLeadPage> {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, byName.shape);
      const rules = await rulesOf(member, id);
      const rows = await repository.leads(db, {
        tenantId: member.tenantId,
        rules,
        timeZone: member.timeZone,
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, byName.cursorOf);
      return { data: page, nextCursor };
    },

    /** Any lead of the workspace by name, address or company: whom to preview or test a campaign as. */
    async searchLeads(member: Member, query: LeadSearchQueryValues): Promise<SegmentLeadPage> {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, byName.shape);
      const rows = await repository.search(db, {
        tenantId: member.tenantId,
        q: query.q,
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, byName.cursorOf);
      return { data: page, nextCursor };
    },
  };
}

export type SegmentsService = ReturnType<typeof createSegmentsService>;
