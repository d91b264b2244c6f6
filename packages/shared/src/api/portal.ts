import { z } from 'zod';
import { ticketCategories, ticketStatuses } from '../domain/enums';
import { text } from './fields';
import { listPageSchema, listQuerySchema } from './list';
import { maxMessageAttachments } from './tickets';

// The customer portal (issue 22 "Customer portal"): a customer's own tickets, their public
// conversation, new tickets with suggested articles, and deflections. Routes under /api/v1/portal;
// the agents' read-only preview under /api/v1/helpdesk/portal-preview answers the same shapes.

/** My tickets' tabs: open is still being worked on (pending included), closed is resolved or closed. */
export const portalTicketStates = ['open', 'closed'] as const;
export type PortalTicketState = (typeof portalTicketStates)[number];

/** GET /api/v1/portal/tickets — newest activity first, keyset pages. */
export const portalTicketListQuerySchema = listQuerySchema.extend({
  state: z.enum(portalTicketStates, 'Choose open or closed').default('open'),
});
export type PortalTicketListQuery = z.infer<typeof portalTicketListQuerySchema>;

export const portalTicketSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PortalTicketSummary = z.infer<typeof portalTicketSummarySchema>;

export const portalTicketListSchema = listPageSchema(portalTicketSummarySchema);
export type PortalTicketList = z.infer<typeof portalTicketListSchema>;

/**
 * A message of the public conversation: the customer's and the agents' replies, never an internal
 * note; an agent is only a name.
 */
export const portalMessageSchema = z.object({
  id: z.uuid(),
  authorKind: z.enum(['customer', 'agent']),
  authorName: z.string(),
  body: z.string(),
  /** The message as sanitised HTML, when it was written with formatting. */
  html: z.string().nullable(),
  /** Each downloads at /api/v1/portal/tickets/:ticketId/attachments/:id. */
  attachments: z.array(z.object({ id: z.uuid(), name: z.string(), sizeBytes: z.number() })),
  createdAt: z.string(),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;

export const portalTicketSchema = portalTicketSummarySchema.extend({
  category: z.enum(ticketCategories),
  closedAt: z.string().nullable(),
  /** The customer may close it (it is not closed yet). */
  mayClose: z.boolean(),
  /** The customer may reopen it: resolved, or closed within seven days (mayCustomerReopen). */
  mayReopen: z.boolean(),
  /** Until when a closed ticket may be reopened. */
  reopenUntil: z.string().nullable(),
  /** A reply is taken: the ticket is not closed, or was closed recently enough to reopen. */
  mayReply: z.boolean(),
  messages: z.array(portalMessageSchema),
});
export type PortalTicket = z.infer<typeof portalTicketSchema>;

const attachmentIds = z
  .array(z.uuid('Not an upload id'))
  .max(maxMessageAttachments, `At most ${maxMessageAttachments} files a message`)
  .default([])
  .transform((ids) => [...new Set(ids)]);

const messageBody = text({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(50_000, 'Use at most 50000 characters');

/** POST /api/v1/portal/tickets — the signed-in customer opens a ticket (their email verified). */
export const createPortalTicketSchema = z.object({
  subject: text({ error: 'Enter the subject' })
    .trim()
    .min(1, 'Enter the subject')
    .max(300, 'Use at most 300 characters'),
  description: text({ error: 'Describe your question' })
    .trim()
    .min(1, 'Describe your question')
    .max(50_000, 'Use at most 50000 characters'),
  category: z
    .enum(ticketCategories, 'Choose Technical, Billing, Feature Request or General Inquiry')
    .default('General Inquiry'),
  /** Files uploaded first (POST /api/v1/portal/uploads). */
  attachmentIds,
});
export type CreatePortalTicketInput = z.input<typeof createPortalTicketSchema>;
export type CreatePortalTicketValues = z.output<typeof createPortalTicketSchema>;

/** POST /api/v1/portal/tickets/:id/messages — the customer's reply. */
export const createPortalMessageSchema = z.object({ body: messageBody, attachmentIds });
export type CreatePortalMessageInput = z.input<typeof createPortalMessageSchema>;
export type CreatePortalMessageValues = z.output<typeof createPortalMessageSchema>;

/** GET /api/v1/portal/suggestions?q= — the articles that may answer what the customer is typing. */
export const portalSuggestionQuerySchema = z.object({
  q: text().trim().max(200, 'Use at most 200 characters').default(''),
});
export const portalSuggestionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  /** Where the words were found, html escaped but for <mark> around them. */
  snippet: z.string(),
});
export type PortalSuggestion = z.infer<typeof portalSuggestionSchema>;
export const portalSuggestionListSchema = z.object({ data: z.array(portalSuggestionSchema) });
export type PortalSuggestionList = z.infer<typeof portalSuggestionListSchema>;

/** POST /api/v1/portal/deflections — the article answered the question: no ticket was opened. */
export const createPortalDeflectionSchema = z.object({
  articleId: z.uuid('Choose the article that answered your question'),
  query: text().trim().max(300, 'Use at most 300 characters').default(''),
});
export type CreatePortalDeflectionInput = z.input<typeof createPortalDeflectionSchema>;

/** A published public article, read in the portal. */
export const portalArticleSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised html. */
  content: z.string(),
  updatedAt: z.string(),
});
export type PortalArticle = z.infer<typeof portalArticleSchema>;

/** GET /api/v1/helpdesk/portal-stats?days=30 — the overview's period (helpdeskOverviewQuerySchema). */
export const portalStatsSchema = z.object({
  days: z.number().int(),
  /** Customers who found their answer in a suggested article and opened no ticket. */
  deflected: z.number().int(),
});
export type PortalStats = z.infer<typeof portalStatsSchema>;
