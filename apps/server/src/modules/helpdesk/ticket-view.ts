import {
  ticketReference,
  ticketStatusLabels,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
} from '@atrium/shared';
import { personRef } from '../projects';
import type { TicketMessageRow, TicketRow } from './tickets.repository';

/** Where a ticket opens in the web app. */
export const ticketLink = (id: string) => `/helpdesk/tickets/${id}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toTicketSummary(row: TicketRow): TicketSummary {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export const toTicketMessage = (row: TicketMessageRow): TicketMessage => ({
  id: row.id,
  ticketId: row.ticketId,
  authorKind: row.authorKind,
  author: { name: row.authorName, userId: row.authorUserId },
  body: row.body,
  internal: row.internal,
  createdAt: row.createdAt.toISOString(),
});

/** How the activity log names a ticket: #1042 'Cannot log in'. */
export const ticketTitle = (ticket: { number: number; subject: string }) =>
  `${ticketReference(ticket.number)} '${ticket.subject}'`;

export const statusSummary = (ticket: { number: number; subject: string }, status: TicketStatus) =>
  `set ticket ${ticketTitle(ticket)} to ${ticketStatusLabels[status]}`;
