import { z } from 'zod';
import {
  mailStatuses,
  slaTiers,
  ticketAuthorKinds,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
  ticketTypes,
} from '../domain/enums';
import { parseTicketStatusFilter, ticketSortKeys, ticketViews } from '../domain/ticket-rules';
import { recordVersion, text, optionalFilter } from './fields';
import { listQuerySchema } from './list';
import { personRefSchema, tagListSchema, tagSchema } from './projects';
import { ticketRatingSchema } from './ticket-ratings';

// Help desk tickets, the agent's side (issue 21; spec 3 Ticket, spec 4 ticket status, spec 9
// enumerations). Routes under /api/v1/helpdesk.

const ticketFields = {
  subject: text({ error: 'Enter the subject' })
    .trim()
    .min(1, 'Enter the subject')
    .max(300, 'Use at most 300 characters'),
  status: z.enum(ticketStatuses, 'Choose Open, In Progress, Pending, Resolved or Closed'),
  priority: z.enum(ticketPriorities, 'Choose low, medium, high or urgent'),
  type: z.enum(ticketTypes, 'Choose bug, feature, support or other'),
  category: z.enum(ticketCategories, 'Choose Technical, Billing, Feature Request or General Inquiry'),
  tags: tagListSchema,
  /** An employee of the workspace, or null for unassigned. */
  assigneeId: z.uuid('Choose an agent from the list').nullable(),
  /** Null: no SLA applies. */
  slaTier: z.enum(slaTiers, 'Choose Bronze, Silver, Gold or Platinum').nullable(),
};

const messageBody = text({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(50_000, 'Use at most 50000 characters');

/**
 * POST /api/v1/helpdesk/tickets — an agent enters a ticket for a customer (a phone call, a chat).
 * The description is the customer's first message. Priority defaults to medium, type to support,
 * category to General Inquiry; the number is the workspace's next one.
 */
export const createTicketSchema = z.object({
  subject: ticketFields.subject,
  description: messageBody,
  customerName: text({ error: "Enter the customer's name" })
    .trim()
    .min(1, "Enter the customer's name")
    .max(200, 'Use at most 200 characters'),
  customerEmail: text({ error: "Enter the customer's email address" })
    .trim()
    .toLowerCase()
    .min(1, "Enter the customer's email address")
    .max(254, 'Use at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  priority: ticketFields.priority.default('medium'),
  type: ticketFields.type.default('support'),
  category: ticketFields.category.default('General Inquiry'),
  tags: ticketFields.tags.default([]),
  assigneeId: ticketFields.assigneeId.optional(),
  slaTier: ticketFields.slaTier.optional(),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;
export type CreateTicketValues = z.output<typeof createTicketSchema>;

/**
 * PATCH /api/v1/helpdesk/tickets/:id — the side panel; only the fields sent change, 412 when
 * `version` is stale. Giving the ticket to someone else needs helpdesk:manage.
 */
export const updateTicketSchema = z.object({
  status: ticketFields.status.optional(),
  priority: ticketFields.priority.optional(),
  type: ticketFields.type.optional(),
  category: ticketFields.category.optional(),
  tags: ticketFields.tags.optional(),
  assigneeId: ticketFields.assigneeId.optional(),
  slaTier: ticketFields.slaTier.optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateTicketInput = z.input<typeof updateTicketSchema>;
export type UpdateTicketValues = z.output<typeof updateTicketSchema>;

/**
 * POST /api/v1/helpdesk/tickets/:id/messages — an agent's reply, or an internal note (never shown
 * to the customer). `status`, when sent, is set with it ("send and set pending").
 */
/** A file an agent attaches to a reply or note, uploaded first (POST /api/v1/helpdesk/uploads). */
export const maxMessageAttachments = 10;
export const maxAttachmentBytes = 10 * 1024 * 1024;

/** Issue 21: the formatted message's markup may be larger than its text, within reason. */
export const maxMessageHtmlLength = 200_000;

export const createTicketMessageSchema = z.object({
  /**
   * The message as plain text. With `html`, the server derives the body from the sanitised html
   * instead, and the same rule applies to it: a message needs some text.
   */
  body: messageBody,
  /** The message with formatting, as the composer writes it; sanitised on the server. */
  html: text()
    .max(maxMessageHtmlLength, `Use at most ${maxMessageHtmlLength} characters of formatted text`)
    .optional(),
  internal: z.boolean('Internal is true or false').default(false),
  status: ticketFields.status.optional(),
  /** Uploads of the author's, sent with a reply (attached to the email) or kept with a note. */
  attachmentIds: z
    .array(z.uuid('Not an upload id'))
    .max(maxMessageAttachments, `At most ${maxMessageAttachments} files a message`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type CreateTicketMessageInput = z.input<typeof createTicketMessageSchema>;
export type CreateTicketMessageValues = z.output<typeof createTicketMessageSchema>;

/** Issue 21 bulk bar: assign, set status, set priority, add a tag, close. */
export const ticketBulkActions = ['assign', 'set-status', 'set-priority', 'add-tag', 'close'] as const;
export type TicketBulkAction = (typeof ticketBulkActions)[number];

const bulkIds = z
  .array(z.uuid('Not a ticket id'), 'Select at least one ticket')
  .min(1, 'Select at least one ticket')
  .max(500, 'At most 500 tickets at a time')
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/v1/helpdesk/tickets/bulk — all or nothing: when any id is not a ticket of the
 * workspace, nothing changes and the answer is 404 with `fields["ids.<n>"]` for each failing id.
 */
export const bulkTicketSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ ids: bulkIds, action: z.literal('assign'), assigneeId: ticketFields.assigneeId }),
    z.object({ ids: bulkIds, action: z.literal('set-status'), status: ticketFields.status }),
    z.object({ ids: bulkIds, action: z.literal('set-priority'), priority: ticketFields.priority }),
    z.object({ ids: bulkIds, action: z.literal('add-tag'), tag: tagSchema }),
    z.object({ ids: bulkIds, action: z.literal('close') }),
  ],
  { error: 'Choose assign, set-status, set-priority, add-tag or close' },
);
export type BulkTicketInput = z.input<typeof bulkTicketSchema>;
export type BulkTicketValues = z.output<typeof bulkTicketSchema>;

export const bulkTicketResultSchema = z.object({
  action: z.enum(ticketBulkActions),
  /** Tickets selected; one that already had the value is counted but not rewritten. */
  count: z.number().int(),
  ids: z.array(z.uuid()),
});
export type BulkTicketResult = z.infer<typeof bulkTicketResultSchema>;

const ticketStatusFilter = text()
  .max(100, 'Use at most 100 characters')
  .optional()
  .transform((value, ctx) => {
    const statuses = parseTicketStatusFilter(value);
    if (statuses) return statuses;
    ctx.addIssue({
      code: 'custom',
      message: 'Choose statuses among open, in-progress, pending, resolved and closed (comma-separated)',
    });
    return z.NEVER;
  });

/**
 * GET /api/v1/helpdesk/tickets?view=&status=&priority=&type=&category=&assigneeId=&slaTier=&tag=
 * &customer=&q=&sort=&order=&limit=&cursor= — the queue. A filter narrows the view. `q` finds a
 * number (`#1042` or `1042`) and every word in the subject, the customer's name or email, or a
 * message. `customer` matches part of the customer's name or email. Newest first by default.
 */
export const ticketListQuerySchema = listQuerySchema.extend({
  view: optionalFilter(z.enum(ticketViews)).transform((value) => value ?? 'all'),
  status: ticketStatusFilter,
  priority: optionalFilter(z.enum(ticketPriorities)),
  type: optionalFilter(z.enum(ticketTypes)),
  category: optionalFilter(z.enum(ticketCategories)),
  assigneeId: optionalFilter(z.union([z.uuid(), z.literal('unassigned')])),
  slaTier: optionalFilter(z.enum(slaTiers)),
  tag: optionalFilter(tagSchema),
  customer: optionalFilter(text().trim().max(254, 'Use at most 254 characters')),
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
  sort: optionalFilter(z.enum(ticketSortKeys)).transform((value) => value ?? 'created'),
  order: optionalFilter(z.enum(['asc', 'desc'])).transform((value) => value ?? 'desc'),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

// ---- responses --------------------------------------------------------------------------------

/**
 * Where one SLA clock of a ticket stands (issue 21): running, paused (a pause status), met, or
 * breached. `dueAt` is null while paused until further notice; minutes left are business minutes,
 * negative once overdue, null once met.
 */
export const ticketSlaClockSchema = z.object({
  state: z.enum(['running', 'paused', 'met', 'breached']),
  dueAt: z.string().nullable(),
  businessMinutesLeft: z.number().nullable(),
});
export type TicketSlaClock = z.infer<typeof ticketSlaClockSchema>;

/** One row of the queue. */
export const ticketSummarySchema = z.object({
  id: z.uuid(),
  /** Sequential per workspace; shown as #1042. */
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  type: z.enum(ticketTypes),
  category: z.enum(ticketCategories),
  customer: z.object({ name: z.string(), email: z.string() }),
  assignee: personRefSchema.nullable(),
  slaTier: z.enum(slaTiers).nullable(),
  tags: z.array(z.string()),
  /** The first agent reply (not an internal note); null until then. */
  firstRespondedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The running SLA clocks' due instants; null without a tier, once met, or while paused. */
  firstResponseDueAt: z.string().nullable(),
  resolutionDueAt: z.string().nullable(),
  /** Both SLA clocks; null without an SLA tier. */
  slaClocks: z.object({ firstResponse: ticketSlaClockSchema, resolution: ticketSlaClockSchema }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  authorKind: z.enum(ticketAuthorKinds),
  /** The name kept with the message; userId is null for customers without an account. */
  author: z.object({ name: z.string(), userId: z.uuid().nullable() }),
  body: z.string(),
  /** The message as sanitised HTML, when it came (or was written) with formatting. */
  html: z.string().nullable(),
  /** Quoted history and signature folded away from a mail's body, shown on request. */
  quotedText: z.string().nullable(),
  /** Each downloads at /api/v1/helpdesk/tickets/:ticketId/attachments/:id. */
  attachments: z.array(z.object({ id: z.uuid(), name: z.string(), sizeBytes: z.number() })),
  /** An internal note: agents only, never sent to the customer nor shown in the portal. */
  internal: z.boolean(),
  /** Mail in or out: how it came, and for an agent's reply whether the email went out. */
  email: z
    .object({
      direction: z.enum(['in', 'out']),
      /** outbox: kept in the outbox, no mail server being set up (SMTP_URL); else the outbox row's state. */
      delivery: z.enum([...mailStatuses, 'outbox']).nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET /api/v1/helpdesk/tickets/:id — the ticket page: the conversation in order, notes included. */
export const ticketDetailsSchema = ticketSummarySchema.extend({
  description: z.string(),
  attachments: z.array(z.object({ name: z.string(), sizeBytes: z.number() })),
  messages: z.array(ticketMessageSchema),
  /** The latest satisfaction request (issue 22), asked at each resolution; null before the first. */
  rating: ticketRatingSchema.nullable(),
});
export type TicketDetails = z.infer<typeof ticketDetailsSchema>;

/** POST /api/v1/helpdesk/uploads (multipart, field `file`): an upload to attach to a message. */
export const uploadedFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sizeBytes: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** POST /api/v1/helpdesk/tickets/:id/merge: this ticket (a duplicate) goes into another. */
export const mergeTicketSchema = z.object({
  intoTicketId: z.uuid('Choose the ticket to merge into'),
});
export type MergeTicketValues = z.infer<typeof mergeTicketSchema>;

/** POST /api/v1/helpdesk/tickets/:id/messages answers the message and the ticket as it is now. */
export const ticketMessageResultSchema = z.object({
  message: ticketMessageSchema,
  ticket: ticketSummarySchema,
});
export type TicketMessageResult = z.infer<typeof ticketMessageResultSchema>;

export const ticketListResponseSchema = z.object({
  data: z.array(ticketSummarySchema),
  nextCursor: z.string().nullable(),
  /**
   * Matching tickets across all pages; on the first page only (no cursor), and not for a search with a
   * word found thousands of times, whose count would cost more than the page.
   */
  total: z.number().int().optional(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;
