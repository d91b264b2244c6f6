import {
  defaultBusinessCalendar,
  ticketReference,
  ticketStatusLabels,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
} from '@atrium/shared';
import { personRef } from '../projects';
import { businessCalendarOf, ticketSlaClocks } from './sla-time';
import type { TicketMessageRow, TicketRow } from './tickets.repository';

/** Where a ticket opens in the web app. */
export const ticketLink = (id: string) => `/helpdesk/tickets/${id}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The calendar a ticket's clocks count, spec 9's hours in the workspace's zone until it has one. */
function slaCalendarOf(row: TicketRow, now: Date) {
  const stored = row.slaCalendar;
  if (!stored) return defaultBusinessCalendar('UTC');
  const source = stored.periods
    ? { ...defaultBusinessCalendar(stored.timeZone), holidayCountry: null, ...stored }
    : { ...defaultBusinessCalendar(stored.timeZone), holidayCountry: null };
  return businessCalendarOf(source, { from: row.createdAt, to: now });
}

/** `now` decides whether a clock is overdue: the service's time (tests set it). */
export function toTicketSummary(row: TicketRow, now: Date = new Date()): TicketSummary {
  const targets =
    row.slaFirstResponseHours !== null && row.slaResolutionHours !== null
      ? { firstResponseHours: row.slaFirstResponseHours, resolutionHours: row.slaResolutionHours }
      : null;
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    type: row.type,
    category: row.category,
    customer: { name: row.customerName, email: row.customerEmail },
    assignee:
      row.assignedAgentId && row.assigneeFirstName !== null && row.assigneeLastName !== null
        ? personRef({
            id: row.assignedAgentId,
            firstName: row.assigneeFirstName,
            lastName: row.assigneeLastName,
            avatarUrl: row.assigneeAvatarUrl,
          })
        : null,
    slaTier: row.slaTier,
    tags: row.tags,
    firstRespondedAt: iso(row.firstRespondedAt),
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    firstResponseDueAt: iso(row.firstResponseDueAt),
    resolutionDueAt: iso(row.resolutionDueAt),
    slaClocks:
      targets &&
      ticketSlaClocks(
        {
          ...row,
          targets,
          storedDueAt: { firstResponse: row.firstResponseDueAt, resolution: row.resolutionDueAt },
        },
        slaCalendarOf(row, now),
        now,
      ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A stored file's id: the second half of its storage key (`<tenant>/<file>`). */
export const fileIdOf = (storageKey: string) => storageKey.split('/')[1]!;

export const toTicketMessage = (row: TicketMessageRow): TicketMessage => ({
  id: row.id,
  ticketId: row.ticketId,
  authorKind: row.authorKind,
  author: { name: row.authorName, userId: row.authorUserId },
  body: row.body,
  html: row.html,
  quotedText: row.quotedText,
  attachments: row.attachments.map((file) => ({
    id: fileIdOf(file.storageKey),
    name: file.name,
    sizeBytes: file.sizeBytes,
  })),
  internal: row.internal,
  email: row.emailMessageId
    ? { direction: row.authorKind === 'agent' ? 'out' : 'in', delivery: row.delivery ?? null }
    : null,
  createdAt: row.createdAt.toISOString(),
});

/** How the activity log names a ticket: #1042 'Cannot log in'. */
export const ticketTitle = (ticket: { number: number; subject: string }) =>
  `${ticketReference(ticket.number)} '${ticket.subject}'`;

export const statusSummary = (ticket: { number: number; subject: string }, status: TicketStatus) =>
  `set ticket ${ticketTitle(ticket)} to ${ticketStatusLabels[status]}`;
