import {
  allows,
  leadStatusLabels,
  type LeadDetails,
  type LeadStatus,
  type UpdateLeadValues,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf, changedFields } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { notFound, staleVersion, unprocessable } from '../../platform/errors/app-error';
import { leadsRepository as repository, type LeadChanges } from './leads.repository';
import type { MarketingDeps } from './marketing-deps';

/** A lead's activity entries go to those who may see the marketing records. */
export const leadsReadRules = {
  lead: { visible: (member) => allows(member, 'marketing:view') },
} satisfies Pick<ActivityAudience, 'lead'>;

const loggedFields = ['status', 'value', 'convertedAt'] as const;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Leads as far as revenue needs them (issue 23): a lead's stage, its value and when it became a
 * customer. Its value counts for the campaign it last clicked before then, fixed when it converts:
 * a later click, or a change of its value, does not move it to another campaign.
 */
export function createLeadsService(deps: MarketingDeps) {
  const { db, now } = deps;

  async function details(member: Member, id: string): Promise<LeadDetails> {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Lead');
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      jobTitle: row.jobTitle,
      phone: row.phone,
      source: row.source,
      status: row.status,
      score: row.score,
      tags: row.tags,
      industry: row.customFields.industry ?? null,
      companySize: row.customFields.companySize ?? null,
      value: row.value,
      convertedAt: iso(row.convertedAt),
      attributedCampaign:
        row.attributedCampaignId === null
          ? null
          : { id: row.attributedCampaignId, name: row.attributedCampaignName! },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  return {
    details,

    async update(member: Member, id: string, input: UpdateLeadValues): Promise<LeadDetails> {
      await db.transaction(async (tx) => {
        const before = await repository.lock(tx, member.tenantId, id);
        if (!before) throw notFound('Lead');
        if (before.version !== input.version) throw staleVersion();

        const status: LeadStatus = input.status ?? before.status;
        const isCustomer = status === 'customer';
        if (!isCustomer && input.convertedAt) {
          throw unprocessable('Only a customer has a date it became one', {
            convertedAt: 'Set the stage to Customer first',
          });
        }
        const convertedAt = !isCustomer
          ? null
          : input.convertedAt
            ? new Date(input.convertedAt)
            : before.status === 'customer' && input.convertedAt === undefined
              ? before.convertedAt
              : now();
        if (convertedAt && convertedAt.getTime() > now().getTime()) {
          throw unprocessable('A lead cannot become a customer in the future', {
            convertedAt: 'Enter a time that has passed',
          });
        }

        const changes: LeadChanges = { status };
        if (input.value !== undefined) changes.value = input.value;
        const conversionMoved = convertedAt?.getTime() !== before.convertedAt?.getTime();
        if (conversionMoved) {
          changes.convertedAt = convertedAt;
          changes.attributedCampaignId = convertedAt
            ? await repository.lastClickedCampaign(tx, member.tenantId, id, convertedAt)
            : null;
        }
        if (!(await repository.update(tx, member.tenantId, id, input.version, changes))) throw staleVersion();

        const campaignIds = new Set<string>();
        if (before.attributedCampaignId) campaignIds.add(before.attributedCampaignId);
        if (changes.attributedCampaignId) campaignIds.add(changes.attributedCampaignId);
        await repository.refreshRevenue(tx, member.tenantId, [...campaignIds]);

        const was = { status: before.status, value: before.value, convertedAt: iso(before.convertedAt) };
        const after = { status, value: changes.value ?? before.value, convertedAt: iso(convertedAt) };
        const changed = changedFields(loggedFields, after, was);
        if (changed.length === 0) return;
        const becameCustomer = isCustomer && before.status !== 'customer';
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: changed.includes('status') ? 'status_changed' : 'updated',
          entityType: 'lead',
          entityId: id,
          summary: changed.includes('status')
            ? `moved lead '${before.name}' to ${leadStatusLabels[status]}`
            : `updated lead '${before.name}'`,
          data: {
            before: Object.fromEntries(changed.map((field) => [field, was[field]])),
            after: Object.fromEntries(changed.map((field) => [field, after[field]])),
            ...(becameCustomer ? { attributedCampaignId: changes.attributedCampaignId ?? null } : {}),
          },
        });
      });
      return details(member, id);
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
