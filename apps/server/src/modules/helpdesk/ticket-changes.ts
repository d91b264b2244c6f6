import type { Db, Tx } from '@atrium/db';
import {
  allows,
  mayAssignTicket,
  type Action,
  ticketStatusChange,
  type SlaTier,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
  type OverviewCsat,
  type TicketRating,
} from '@atrium/shared';
import { activityLog, actorOf, changedFields } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logging/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { AppError, forbidden, notFound, staleVersion } from '../../platform/errors/app-error';
import type { Notifier } from '../../platform/notifications/notifications.service';
import type { SlaClock } from './sla-clock';
import { teamsRepository } from './teams.repository';
import { statusSummary, ticketLink, ticketTitle } from './ticket-view';
import { ticketsRepository as repository, type TicketChanges } from './tickets.repository';

/**
 * What every help desk service needs: the database, kept totals, the notification centre, the SLA
 * clocks, and the time (tests set it).
 */
export type HelpdeskDeps = {
  db: Db;
  memo: WorkspaceMemo;
  notifier: Notifier;
  jobs: Jobs;
  mailer: Mailer;
  storage: FileStorage;
  log: Logger;
  /** The domain of the workspaces' inbound addresses, and whether the built-in receiver takes mail for them. */
  inboundMail: { domain: string; receiverOn: boolean };
  sla: SlaClock;
  /** Satisfaction (issue 22): asked of the customer at each resolution, shown to the agents. */
  satisfaction: TicketSatisfaction;
  /** Bounces, complaints and unsubscribes of campaign mail (issue 23): never tickets. */
  campaignMail: CampaignMail;
  now: () => Date;
};

/** Marketing's mail among what reaches the help desk; the marketing module implements it. */
export type CampaignMail = {
  /** Null when the mail is not marketing's; otherwise why it opens no ticket, and its writes. */
  read(tenantId: string, raw: Buffer): Promise<{ reason: string; record(tx: Tx): Promise<void> } | null>;
};

/** The customer portal's ratings, as the help desk uses them; the portal module implements it. */
export type TicketSatisfaction = {
  /** Inside the resolution's transaction: the request, and its email to the customer. */
  requestRating(
    tx: Tx,
    resolved: { tenantId: string; ticketId: string; agentId: string | null },
  ): Promise<void>;
  latestRating(tenantId: string, ticketId: string): Promise<TicketRating | null>;
  /** Answers given since `since`, overall and per agent. */
  csat(tenantId: string, since: Date): Promise<OverviewCsat>;
};

/** A ticket as a change reads it before writing. */
export type TicketState = {
  id: string;
  number: number;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  type: TicketType;
  category: TicketCategory;
  tags: string[];
  assignedAgentId: string | null;
  slaTier: SlaTier | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
};

/** The side panel's fields, as the API names them. */
export type TicketEdit = {
  status?: TicketStatus | undefined;
  priority?: TicketPriority | undefined;
  type?: TicketType | undefined;
  category?: TicketCategory | undefined;
  tags?: string[] | undefined;
  assigneeId?: string | null | undefined;
  slaTier?: SlaTier | null | undefined;
};

const editedFields = ['status', 'priority', 'type', 'category', 'tags', 'assigneeId', 'slaTier'] as const;

export const unprocessable = (message: string, fields: Record<string, string>) =>
  new AppError('unprocessable', message, fields);

const mayNotAssign = 'Only a Manager or an Admin may assign a ticket to someone else';

/**
 * Issue 21: an agent takes a ticket or leaves it unassigned; only helpdesk:manage gives it to
 * someone else (403). The assignee must be an agent: a live employee whose member account holds
 * helpdesk:view (422).
 */
export async function checkAssignment(db: Db, member: Member, assigneeId: string | null) {
  const who = {
    may: (action: Action) => allows(member, action),
    employeeId: member.employeeId,
  };
  if (!mayAssignTicket(who, assigneeId)) throw forbidden(mayNotAssign);
  if (assigneeId && !(await teamsRepository.isAgent(db, member.tenantId, assigneeId))) {
    throw unprocessable('The assignee does not work tickets in this workspace', {
      assigneeId: 'Choose an agent from the list',
    });
  }
}

const stateFields = (ticket: TicketState): Record<(typeof editedFields)[number], unknown> => ({
  status: ticket.status,
  priority: ticket.priority,
  type: ticket.type,
  category: ticket.category,
  tags: ticket.tags,
  assigneeId: ticket.assignedAgentId,
  slaTier: ticket.slaTier,
});

/**
 * One ticket's edit inside the caller's transaction: the status rules fill in resolvedAt and
 * closedAt, the change is written if the ticket still has `version` (412 otherwise; any version
 * when undefined), logged (before and after), and a new assignee hears of it. Fields sent with the
 * value they already hold change nothing; an edit that changes nothing writes nothing. The caller
 * checked the assignment (checkAssignment).
 */
export async function applyTicketEdit(
  tx: Tx,
  deps: HelpdeskDeps,
  change: {
    member: Member;
    before: TicketState;
    edit: TicketEdit;
    version: number | undefined;
    bulk?: boolean;
  },
): Promise<boolean> {
  const { member, before, version } = change;
  const { tenantId } = member;
  const edit: TicketEdit = Object.fromEntries(
    Object.entries(change.edit).filter(([, value]) => value !== undefined),
  );
  const changed = changedFields(editedFields, edit, stateFields(before));
  if (changed.length === 0) {
    // Nothing to write, but a stale version is still stale: the editor saw an older ticket.
    if (version !== undefined && (await repository.version(tx, tenantId, before.id)) !== version) {
      throw staleVersion();
    }
    return false;
  }
  const changes: TicketChanges = {};
  if (changed.includes('status')) {
    Object.assign(changes, ticketStatusChange(before, edit.status!, deps.now()));
  }
  if (changed.includes('priority')) changes.priority = edit.priority!;
  if (changed.includes('type')) changes.type = edit.type!;
  if (changed.includes('category')) changes.category = edit.category!;
  if (changed.includes('tags')) changes.tags = edit.tags!;
  if (changed.includes('assigneeId')) changes.assignedAgentId = edit.assigneeId ?? null;
  if (changed.includes('slaTier')) {
    changes.slaLevelId = edit.slaTier ? await repository.slaLevelId(tx, tenantId, edit.slaTier) : null;
  }
  if (!(await repository.update(tx, { tenantId, id: before.id, version, changes }))) {
    throw version === undefined ? notFound('Ticket') : staleVersion();
  }
  await deps.sla.refresh(tx, tenantId, before.id, deps.now());
  if (changes.status === 'resolved') {
    const agentId = 'assignedAgentId' in changes ? changes.assignedAgentId! : before.assignedAgentId;
    await deps.satisfaction.requestRating(tx, { tenantId, ticketId: before.id, agentId });
  }
  const onlyStatus = changed.length === 1 && changed[0] === 'status';
  const beforeFields = stateFields(before);
  await activityLog.record(tx, {
    tenantId,
    actor: actorOf(member),
    action: onlyStatus ? 'status_changed' : 'updated',
    entityType: 'ticket',
    entityId: before.id,
    summary: onlyStatus ? statusSummary(before, edit.status!) : `updated ticket ${ticketTitle(before)}`,
    data: {
      number: before.number,
      before: Object.fromEntries(changed.map((field) => [field, beforeFields[field]])),
      after: Object.fromEntries(changed.map((field) => [field, edit[field] ?? null])),
      ...(change.bulk ? { bulk: true } : {}),
    },
  });
  if (changes.assignedAgentId)
    await notifyAssignee(tx, deps, member, { ...before, assigneeId: changes.assignedAgentId });
  return true;
}

/** The new assignee hears of it (issue 21), unless they assigned it to themselves. */
export function notifyAssignee(
  tx: Tx,
  { notifier }: HelpdeskDeps,
  member: Member,
  ticket: { id: string; number: number; subject: string; assigneeId: string },
) {
  return notifier.notify({
    tx,
    tenantId: member.tenantId,
    actor: actorOf(member),
    recipients: { employees: [ticket.assigneeId] },
    kind: 'ticket_assigned',
    record: { type: 'ticket', id: ticket.id, link: ticketLink(ticket.id) },
    title: `${member.name} assigned you ticket ${ticketTitle(ticket)}`,
  });
}
