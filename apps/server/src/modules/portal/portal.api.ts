import {
  createPortalDeflectionSchema,
  createPortalMessageSchema,
  createPortalTicketSchema,
  helpdeskOverviewQuerySchema,
  portalArticleSchema,
  portalStatsSchema,
  portalSuggestionListSchema,
  portalSuggestionQuerySchema,
  portalTicketListQuerySchema,
  portalTicketListSchema,
  portalTicketSchema,
  uploadedFileSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const ownTickets = 'Only the signed-in customer’s own tickets: any other ticket id is 404.';

export const portalApi: ApiSection = {
  tag: 'Customer portal',
  description:
    'The customer’s side of the help desk: their own tickets with the public conversation (never internal notes or agents’ fields), new tickets with suggested articles, replies, closing and reopening; and the agents’ read-only preview of it.',
  operations: [
    {
      method: 'get',
      path: '/portal/tickets',
      summary: 'My tickets, newest activity first',
      description:
        '`state=open` lists open, in progress and pending tickets; `state=closed` resolved and closed ones.',
      access: 'portal:use',
      query: portalTicketListQuerySchema,
      responses: { 200: portalTicketListSchema },
    },
    {
      method: 'post',
      path: '/portal/tickets',
      summary: 'Open a ticket',
      description:
        'The description is its first message. The customer’s email address must be confirmed first (403 otherwise).',
      access: 'portal:use',
      body: createPortalTicketSchema,
      responses: { 201: portalTicketSchema },
      errors: [422],
    },
    {
      method: 'get',
      path: '/portal/tickets/:id',
      summary: 'One of my tickets with its public conversation',
      description: ownTickets,
      access: 'portal:use',
      responses: { 200: portalTicketSchema },
    },
    {
      method: 'post',
      path: '/portal/tickets/:id/messages',
      summary: 'Reply on my ticket',
      description: `A pending, resolved or recently closed ticket opens again, and its agent is told. A ticket closed more than 7 days ago takes no reply (409): open a new one. ${ownTickets}`,
      access: 'portal:use',
      body: createPortalMessageSchema,
      responses: { 201: portalTicketSchema },
      errors: [409, 422],
    },
    {
      method: 'post',
      path: '/portal/tickets/:id/close',
      summary: 'Close my ticket',
      description: `Logged in the ticket’s activity as closed by the customer; 409 when it is closed already. ${ownTickets}`,
      access: 'portal:use',
      responses: { 200: portalTicketSchema },
      errors: [409],
    },
    {
      method: 'post',
      path: '/portal/tickets/:id/reopen',
      summary: 'Reopen my resolved ticket, or one closed within the last 7 days',
      description: `409 otherwise. ${ownTickets}`,
      access: 'portal:use',
      responses: { 200: portalTicketSchema },
      errors: [409],
    },
    {
      method: 'get',
      path: '/portal/tickets/:id/attachments/:fileId',
      summary: 'Download a file of my ticket’s conversation',
      access: 'portal:use',
      responses: {
        200: { description: 'The file, as a download', mediaTypes: ['application/octet-stream'] },
      },
    },
    {
      method: 'post',
      path: '/portal/uploads',
      summary: 'Upload a file to attach to a new ticket or a reply',
      description:
        'Multipart form data with the file in the field `file`, up to 10 MB. Send its `id` in `attachmentIds`.',
      access: 'portal:use',
      body: {
        description: 'The form, with the file in the field `file`',
        mediaTypes: ['multipart/form-data'],
      },
      responses: { 201: uploadedFileSchema },
    },
    {
      method: 'get',
      path: '/portal/suggestions',
      summary: 'Articles that may answer the subject being typed',
      description:
        'The knowledge base’s search, over published public articles only; fewer than three letters suggest nothing.',
      access: 'portal:use',
      query: portalSuggestionQuerySchema,
      responses: { 200: portalSuggestionListSchema },
    },
    {
      method: 'post',
      path: '/portal/deflections',
      summary: 'The article answered my question: no ticket needed',
      description:
        'Counted as deflected on the help desk overview. An article a customer may not read is 404.',
      access: 'portal:use',
      body: createPortalDeflectionSchema,
      responses: { 204: noContent },
      errors: [404],
    },
    {
      method: 'get',
      path: '/portal/articles/:slug',
      summary: 'Read a published public article in the portal',
      description: 'Counts a view, once per customer per day.',
      access: 'portal:use',
      responses: { 200: portalArticleSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/portal-preview/:customerUserId/tickets',
      summary: 'A customer’s My tickets, exactly as the portal lists them (read only)',
      description: 'Anyone but a customer of the workspace is 404.',
      access: 'helpdesk:view',
      query: portalTicketListQuerySchema,
      responses: { 200: portalTicketListSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/portal-preview/:customerUserId/tickets/:id',
      summary: 'One of a customer’s tickets, exactly as the portal shows it (read only)',
      access: 'helpdesk:view',
      responses: { 200: portalTicketSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/portal-stats',
      summary: 'Questions the portal’s suggested articles answered, over the overview’s period',
      access: 'helpdesk:view',
      query: helpdeskOverviewQuerySchema,
      responses: { 200: portalStatsSchema },
    },
  ],
};
