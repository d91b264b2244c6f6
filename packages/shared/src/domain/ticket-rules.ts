// Help desk ticket rules (issue 21 "Status rules"; spec 3 Ticket, spec 4 ticket status, spec 9 SLA
// tiers). The server applies them inside the change's transaction; the web app uses the same
// functions for optimistic updates and labels.
import type { Action } from '../permissions/permissions';
import {
  ticketStatuses,
  type SlaTier,
  type TicketAuthorKind,
  type TicketPriority,
  type TicketStatus,
} from './enums';

export const ticketStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  'in-progress': 'In Progress',
  pending: 'Pending',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const ticketPriorityLabels: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** Statuses of a finished ticket: the resolution clock has stopped. */
export const finishedTicketStatuses: readonly TicketStatus[] = ['resolved', 'closed'];

export const isFinishedTicketStatus = (status: TicketStatus) => finishedTicketStatuses.includes(status);

// --- queue views -------------------------------------------------------------------------------

/**
 * Issue 21 queue views: My open tickets, Unassigned, All open, Breaching soon, Pending, Closed, and
 * every ticket.
 */
export const ticketViews = ['mine', 'unassigned', 'open', 'breaching', 'pending', 'closed', 'all'] as const;
export type TicketView = (typeof ticketViews)[number];

export const ticketViewLabels: Record<TicketView, string> = {
  mine: 'My open tickets',
  unassigned: 'Unassigned',
  open: 'All open',
  breaching: 'Breaching soon',
  pending: 'Pending',
  closed: 'Closed',
  all: 'All tickets',
};

/** Tickets someone still has to act on, the customer included (pending waits on them). */
export const unfinishedTicketStatuses: readonly TicketStatus[] = ['open', 'in-progress', 'pending'];

/**
 * What a view selects: the statuses it keeps (empty: all) and whose tickets. "Mine" and
 * "Unassigned" list only unfinished tickets: a queue is work still to do, and a closed ticket
 * nobody owned is no one's work. "All open" is open and in progress; pending waits on the customer.
 */
export function ticketViewScope(view: TicketView): {
  statuses: readonly TicketStatus[];
  assignee: 'me' | 'nobody' | 'anyone';
} {
  switch (view) {
    case 'mine':
      return { statuses: unfinishedTicketStatuses, assignee: 'me' };
    case 'unassigned':
      return { statuses: unfinishedTicketStatuses, assignee: 'nobody' };
    case 'open':
      return { statuses: ['open', 'in-progress'], assignee: 'anyone' };
    case 'breaching':
      return { statuses: unfinishedTicketStatuses, assignee: 'anyone' };
    case 'pending':
      return { statuses: ['pending'], assignee: 'anyone' };
    case 'closed':
      return { statuses: finishedTicketStatuses, assignee: 'anyone' };
    case 'all':
      return { statuses: [], assignee: 'anyone' };
  }
}

/**
 * The statuses a view and a status filter keep together: the filter narrows the view. Empty means
 * every status; null means none (the two exclude each other).
 */
export function ticketStatusesToList(
  view: TicketView,
  filter: readonly TicketStatus[],
): readonly TicketStatus[] | null {
  const { statuses } = ticketViewScope(view);
  if (statuses.length === 0) return filter;
  if (filter.length === 0) return statuses;
  const both = statuses.filter((status) => filter.includes(status));
  return both.length === 0 ? null : both;
}

/**
 * The queue's status filter, like the task list's (issue 20): several statuses, comma-separated,
 * read in workflow order without repeats; empty keeps every status, undefined when a part names no
 * status.
 */
export function parseTicketStatusFilter(value: string | undefined): TicketStatus[] | undefined {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const chosen = new Set<TicketStatus>();
  for (const part of parts) {
    if (!(ticketStatuses as readonly string[]).includes(part)) return undefined;
    chosen.add(part as TicketStatus);
  }
  return chosen.size === ticketStatuses.length ? [] : ticketStatuses.filter((status) => chosen.has(status));
}

/**
 * "Breaching soon": an unfinished ticket whose first-response or resolution clock is due within the
 * next two business hours, or already overdue. A fixed lead rather than "80% of the target" so that a
 * Platinum ticket (2 h) and a Bronze one (168 h) are both listed when about the same work is left,
 * and the due-time indexes answer it as a range. A paused clock has no due time and is not listed.
 * Sorted by the nearest due time, whatever sort is asked.
 */
export const breachingSoonBusinessMinutes = 120;

/** The queue's sortable columns; newest first by default. */
export const ticketSortKeys = ['created', 'updated', 'priority', 'number', 'subject'] as const;
export type TicketSortKey = (typeof ticketSortKeys)[number];

/**
 * The number a search names: `#1042` or `1042`. Customers quote the number from the subject line
 * (`[#1042] ...`), agents type it bare.
 */
export function ticketNumberIn(query: string | undefined): number | null {
  const match = /^#?(\d{1,9})$/.exec(query?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** How a ticket's number is written everywhere: #1042. */
export const ticketReference = (number: number) => `#${number}`;

// --- status and clocks -------------------------------------------------------------------------

/** The instants a ticket's status keeps: resolution and closing. */
export type TicketStatusFields = {
  status: TicketStatus;
  resolvedAt: Date | null;
  closedAt: Date | null;
};

/**
 * Issue 21 status rules for a move to `next`:
 * - resolving sets resolvedAt (kept when it already was resolved);
 * - closing sets closedAt, and resolvedAt when the ticket was never resolved: a closed ticket is
 *   done, and the dashboard counts it as resolved then;
 * - reopening (open, in progress, pending) clears both: the resolution clock runs again.
 */
export function ticketStatusChange(
  before: TicketStatusFields,
  next: TicketStatus,
  now: Date,
): TicketStatusFields {
  if (next === 'resolved') {
    return { status: next, resolvedAt: before.resolvedAt ?? now, closedAt: null };
  }
  if (next === 'closed') {
    return {
      status: next,
      resolvedAt: before.resolvedAt ?? now,
      closedAt: before.status === 'closed' ? (before.closedAt ?? now) : now,
    };
  }
  return { status: next, resolvedAt: null, closedAt: null };
}

/**
 * Issue 21: the first agent reply sets the first response; an internal note is no response (the
 * customer never sees it), nor is the customer's own message or a system one. Once set it stays.
 */
export function firstResponseAfter(
  firstRespondedAt: Date | null,
  message: { authorKind: TicketAuthorKind; internal: boolean },
  now: Date,
): Date | null {
  if (firstRespondedAt) return firstRespondedAt;
  return message.authorKind === 'agent' && !message.internal ? now : null;
}

/** A closed ticket the customer writes to again reopens within this many days; later, a new ticket opens. */
export const reopenClosedTicketDays = 7;

/**
 * Issue 21: what the customer's reply does to their ticket. Pending (waiting on them), resolved and
 * recently closed tickets open again; an open or in-progress one stays as it is; a ticket closed
 * longer ago is not continued: the reply opens a new ticket.
 */
export function customerReplyEffect(
  ticket: { status: TicketStatus; closedAt: Date | null },
  now: Date,
): 'continue' | 'reopen' | 'new-ticket' {
  switch (ticket.status) {
    case 'open':
    case 'in-progress':
      return 'continue';
    case 'pending':
    case 'resolved':
      return 'reopen';
    case 'closed': {
      const closedFor = now.getTime() - (ticket.closedAt ?? now).getTime();
      return closedFor <= reopenClosedTicketDays * 86_400_000 ? 'reopen' : 'new-ticket';
    }
  }
}

/**
 * Issue 22: the customer reopens their own ticket in the portal where a reply of theirs would:
 * resolved, or closed within the last seven days. Later, they open a new ticket.
 */
export function mayCustomerReopen(
  ticket: { status: TicketStatus; closedAt: Date | null },
  now: Date,
): boolean {
  return isFinishedTicketStatus(ticket.status) && customerReplyEffect(ticket, now) === 'reopen';
}

/** Until when a closed ticket may be reopened by its customer; null when it is not closed. */
export const customerReopenDeadline = (closedAt: Date | null): Date | null =>
  closedAt ? new Date(closedAt.getTime() + reopenClosedTicketDays * 86_400_000) : null;

/** Issue 21 outgoing mail: "[#1042] Printer on fire", so replies find their ticket by the subject too. */
export const ticketMailSubject = (ticket: { number: number; subject: string }) =>
  `[#${ticket.number}] ${ticket.subject}`;

// --- assignment --------------------------------------------------------------------------------

/**
 * Issue 21: agents (helpdesk:view) take a ticket themselves or leave it unassigned; giving it to
 * someone else is for those who may manage the help desk. `may` is the asker's rights: `allows` on
 * the server, the signed-in member's permissions in the web app.
 */
export function mayAssignTicket(
  who: { may: (action: Action) => boolean; employeeId: string | null },
  assigneeId: string | null,
): boolean {
  if (!who.may('helpdesk:view')) return false;
  if (assigneeId === null || assigneeId === who.employeeId) return true;
  return who.may('helpdesk:manage');
}

// --- SLA tiers ---------------------------------------------------------------------------------

/**
 * Spec 9 tier targets (first response 2-24 h, resolution 24-168 h): what a workspace's tier holds
 * until its SLA policy is edited.
 */
export const defaultSlaTargets: Record<SlaTier, { firstResponseHours: number; resolutionHours: number }> = {
  Bronze: { firstResponseHours: 24, resolutionHours: 168 },
  Silver: { firstResponseHours: 12, resolutionHours: 96 },
  Gold: { firstResponseHours: 4, resolutionHours: 48 },
  Platinum: { firstResponseHours: 2, resolutionHours: 24 },
};
