import {
  allows,
  campaignResultsProblems,
  campaignStatusLabels,
  defaultCampaignOrder,
  deliveredRate,
  editableEmailStatuses,
  emailOnlyCampaignFields,
  employeeFullName,
  lockedWhileSendingFields,
  maxCampaignNameLength,
  trackedOnlyCampaignFields,
  type CampaignContent,
  type CampaignDetails,
  type CampaignList,
  type CampaignListItem,
  type CampaignListQuery,
  type CampaignStatus,
  type CampaignType,
  type CreateCampaignValues,
  type UpdateCampaignValues,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf, changedFields } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { conflict, notFound, staleVersion, unprocessable } from '../../platform/errors/app-error';
import type { Tx } from '@atrium/db';
import {
  campaignCursorShape,
  campaignCursorValues,
  campaignsRepository as repository,
  type CampaignChanges,
  type CampaignDetailsRow,
  type CampaignRow,
  type CampaignValues,
  type LockedCampaign,
} from './campaigns.repository';
import { checkCampaignContent } from './campaign-render';
import type { MarketingDeps } from './marketing-deps';

/** Issue 23: a campaign's activity entries go to those who may see the campaigns. */
export const campaignsReadRules = {
  campaign: { visible: (member) => allows(member, 'marketing:view') },
} satisfies Pick<ActivityAudience, 'campaign'>;

/** Content, audience and sender of an email campaign change only before it sends. */
const isEditable = (campaign: { type: CampaignType; status: CampaignStatus }) =>
  campaign.type !== 'email' || editableEmailStatuses.includes(campaign.status);

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toListItem(row: CampaignRow): CampaignListItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    segments: row.segments,
    recipients: row.recipients,
    sent: row.sent,
    delivered: row.delivered,
    openRate: deliveredRate(row.opened, row.delivered),
    clickRate: deliveredRate(row.clicked, row.delivered),
    unsubscribed: row.unsubscribed,
    bounced: row.bounced,
    revenue: row.revenue,
    budget: row.budget,
    startsAt: iso(row.startsAt),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function toDetails(row: CampaignDetailsRow): CampaignDetails {
  return {
    ...toListItem(row),
    description: row.description,
    content: row.content,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    timeZone: row.timeZone,
    frequency: row.frequency,
    opened: row.opened,
    clicked: row.clicked,
    failed: row.failed,
    sendingStartedAt: iso(row.sendingStartedAt),
    completedAt: iso(row.completedAt),
    pausedReason: row.pausedReason,
    editable: isEditable(row),
    createdBy:
      row.creatorId === null
        ? null
        : {
            id: row.creatorId,
            name: employeeFullName({ firstName: row.creatorFirstName!, lastName: row.creatorLastName! }),
            avatarUrl: row.creatorAvatarUrl,
          },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message whose merge tags would not fill in for every lead is refused where it is written (422 at the field). */
function checkMergeTags(content: CampaignContent | null | undefined) {
  if (!content) return;
  const problems = checkCampaignContent(content);
  if (Object.keys(problems).length > 0) throw unprocessable('Check the merge tags', problems);
}

/** The fields an update may set that its log entry shows before and after (content is too long). */
const loggedFields = [
  'name',
  'description',
  'budget',
  'fromName',
  'fromEmail',
  'status',
  'startsAt',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'revenue',
] as const;

/** "Copy of …", cut to the longest name a campaign may have. */
const copyName = (name: string) => `Copy of ${name}`.slice(0, maxCampaignNameLength).trimEnd();

/**
 * Campaigns as records (issue 23): list, details, create, edit, duplicate and delete. Sending,
 * its status and the email counters belong to the sending and tracking services.
 */
export function createCampaignsService(deps: MarketingDeps) {
  const { db } = deps;

  /** Every segment must be one of the workspace's (422 per segment otherwise); locked until commit. */
  async function checkSegments(tx: Tx, member: Member, segmentIds: readonly string[]) {
    const found = await repository.segmentsAmong(tx, member.tenantId, segmentIds);
    const fields = Object.fromEntries(
      segmentIds.flatMap((id, index) =>
        found.has(id) ? [] : [[`segmentIds.${index}`, 'Choose a segment of this workspace']],
      ),
    );
    if (Object.keys(fields).length > 0) {
      throw unprocessable('Some segments are not segments of this workspace', fields);
    }
  }

  async function details(member: Member, id: string): Promise<CampaignDetails> {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Campaign');
    return toDetails(row);
  }

  /** The fields sent that the campaign's type does not have (422), and those locked by sending (409). */
  function checkChange(before: LockedCampaign, input: UpdateCampaignValues) {
    const sent = (fields: readonly (keyof UpdateCampaignValues)[]) =>
      fields.filter((field) => input[field] !== undefined);
    if (before.type === 'email') {
      const notOfItsType = sent(trackedOnlyCampaignFields);
      if (notOfItsType.length > 0) {
        throw unprocessable(
          'An email campaign’s status and results come from sending it',
          Object.fromEntries(notOfItsType.map((field) => [field, 'Set by sending the campaign'])),
        );
      }
      const locked = sent(lockedWhileSendingFields);
      if (locked.length > 0 && !isEditable(before)) {
        throw conflict(
          `The campaign is ${campaignStatusLabels[before.status].toLowerCase()}: its message, audience and sender can no longer change`,
          Object.fromEntries(locked.map((field) => [field, 'Cannot change once sending started'])),
        );
      }
      return;
    }
    const notOfItsType = sent(emailOnlyCampaignFields);
    if (notOfItsType.length > 0) {
      throw unprocessable(
        'Only email campaigns have a message and a sender',
        Object.fromEntries(notOfItsType.map((field) => [field, 'Only email campaigns have this'])),
      );
    }
    // Checked with the stored counts when some are entered, so an edit of the name never trips on them.
    if (sent(['sent', 'delivered', 'opened', 'clicked']).length === 0) return;
    const problems = campaignResultsProblems({
      sent: input.sent ?? before.sent,
      delivered: input.delivered ?? before.delivered,
      opened: input.opened ?? before.opened,
      clicked: input.clicked ?? before.clicked,
    });
    if (Object.keys(problems).length > 0) {
      throw unprocessable('The results do not add up', problems);
    }
  }

  return {
    async list(member: Member, query: CampaignListQuery): Promise<CampaignList> {
      const direction = query.order ?? defaultCampaignOrder(query.sort);
      const cursor = query.cursor ? decodeCursor(query.cursor, campaignCursorShape(query.sort)) : undefined;
      const rows = await repository.list(db, {
        tenantId: member.tenantId,
        filter: query,
        sort: query.sort,
        direction,
        limit: query.limit + 1,
        cursor,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) =>
        campaignCursorValues(query.sort, last),
      );
      return { data: page.map(toListItem), nextCursor };
    },

    get: details,

    /** Email campaigns start as drafts; the others as entered (tracked by hand). */
    async create(member: Member, input: CreateCampaignValues): Promise<CampaignDetails> {
      if (input.type === 'email') checkMergeTags(input.content);
      const id = await db.transaction(async (tx) => {
        await checkSegments(tx, member, input.segmentIds);
        const common = {
          name: input.name,
          type: input.type,
          description: input.description,
          budget: input.budget,
        };
        const values: CampaignValues =
          input.type === 'email'
            ? {
                ...common,
                status: 'draft',
                content: input.content,
                fromName: input.fromName,
                fromEmail: input.fromEmail,
                startsAt: null,
                sent: 0,
                delivered: 0,
                opened: 0,
                clicked: 0,
                revenue: 0,
              }
            : {
                ...common,
                status: input.status,
                content: null,
                fromName: null,
                fromEmail: null,
                startsAt: input.startsAt === null ? null : new Date(input.startsAt),
                sent: input.sent,
                delivered: input.delivered,
                opened: input.opened,
                clicked: input.clicked,
                revenue: input.revenue,
              };
        const id = await repository.insert(tx, member.tenantId, { ...values, createdBy: member.employeeId });
        await repository.replaceSegments(tx, member.tenantId, id, input.segmentIds);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'campaign',
          entityId: id,
          summary: `created campaign '${input.name}'`,
          data: { after: { name: input.name, type: input.type, status: values.status } },
        });
        return id;
      });
      return details(member, id);
    },

    /**
     * 412 when the version is stale. An email campaign's message, audience and sender change only
     * while draft or scheduled (409); its status and counters are the sender's (422).
     */
    async update(member: Member, id: string, input: UpdateCampaignValues): Promise<CampaignDetails> {
      checkMergeTags(input.content);
      await db.transaction(async (tx) => {
        const before = await repository.lock(tx, member.tenantId, id);
        if (!before) throw notFound('Campaign');
        if (before.version !== input.version) throw staleVersion();
        checkChange(before, input);
        if (input.segmentIds) await checkSegments(tx, member, input.segmentIds);
        const { version, segmentIds, startsAt, ...rest } = input;
        const changes: CampaignChanges = Object.fromEntries(
          Object.entries(rest).filter(([, value]) => value !== undefined),
        );
        if (startsAt !== undefined) changes.startsAt = startsAt === null ? null : new Date(startsAt);
        await repository.update(tx, { tenantId: member.tenantId, id, version, changes });
        if (segmentIds) await repository.replaceSegments(tx, member.tenantId, id, segmentIds);
        // Instants compared and logged as ISO strings, as the API writes them.
        const after = {
          ...rest,
          ...(startsAt === undefined ? {} : { startsAt: iso(changes.startsAt ?? null) }),
        };
        const was = { ...before, startsAt: iso(before.startsAt) };
        const changed = changedFields(loggedFields, after, was);
        const onlyStatus = changed.length === 1 && changed[0] === 'status';
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: onlyStatus ? 'status_changed' : 'updated',
          entityType: 'campaign',
          entityId: id,
          summary: onlyStatus
            ? `changed the status of campaign '${before.name}' to ${campaignStatusLabels[input.status!]}`
            : `updated campaign '${before.name}'`,
          data: {
            before: Object.fromEntries(changed.map((field) => [field, was[field]])),
            after: Object.fromEntries(changed.map((field) => [field, after[field]])),
            ...(rest.content === undefined ? {} : { contentChanged: true }),
            ...(segmentIds ? { segmentsChanged: true } : {}),
          },
        });
      });
      return details(member, id);
    },

    /** A draft copy ("Copy of …") with the same message, audience, sender and budget; no results. */
    async duplicate(member: Member, id: string): Promise<CampaignDetails> {
      const copyId = await db.transaction(async (tx) => {
        const source = await repository.lock(tx, member.tenantId, id);
        if (!source) throw notFound('Campaign');
        const segmentIds = await repository.segmentIdsOf(tx, member.tenantId, id);
        const name = copyName(source.name);
        const copyId = await repository.insert(tx, member.tenantId, {
          name,
          type: source.type,
          status: 'draft',
          description: source.description,
          budget: source.budget,
          content: source.content,
          fromName: source.fromName,
          fromEmail: source.fromEmail,
          startsAt: null,
          sent: 0,
          delivered: 0,
          opened: 0,
          clicked: 0,
          revenue: 0,
          createdBy: member.employeeId,
        });
        await repository.replaceSegments(tx, member.tenantId, copyId, segmentIds);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'campaign',
          entityId: copyId,
          summary: `created campaign '${name}' as a copy of '${source.name}'`,
          data: { after: { name, type: source.type, status: 'draft' }, copyOf: id },
        });
        return copyId;
      });
      return details(member, copyId);
    },

    /** Not while an email campaign sends (409); its sends and tracked events go with it. */
    async remove(member: Member, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repository.lock(tx, member.tenantId, id);
        if (!row) throw notFound('Campaign');
        if (row.type === 'email' && row.status === 'active') {
          throw conflict('The campaign is sending; pause or cancel it before deleting it');
        }
        await repository.delete(tx, member.tenantId, id);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'deleted',
          entityType: 'campaign',
          entityId: id,
          summary: `deleted campaign '${row.name}'`,
          data: { before: { name: row.name, type: row.type, status: row.status } },
        });
      });
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
