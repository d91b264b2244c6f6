import {
  activityEntrySchema,
  bulkTicketResultSchema,
  dataListSchema,
  bulkTicketSchema,
  createTicketMessageSchema,
  createTicketSchema,
  mergeTicketSchema,
  ticketDetailsSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketMessageResultSchema,
  updateTicketSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const assigning =
  'An agent (`helpdesk:view`) may take a ticket or leave it unassigned; giving it to someone else needs `helpdesk:manage` (403 otherwise). The assignee must be an employee of the workspace (422).';

export const helpdeskApi: ApiSection = {
  tag: 'Help desk',
  description:
    'Tickets, the agent’s side: the queue, the ticket with its conversation and internal notes, replies, and bulk actions.',
  operations: [
    {
      method: 'get',
      path: '/helpdesk/tickets',
      summary: 'The ticket queue: a view, filtered, searched and sorted, a page at a time',
      description:
        '`view` is one of mine (assigned to you, not resolved or closed), unassigned (likewise), open (open and in progress), pending, closed (resolved and closed) or all. `status` takes several statuses, comma-separated, and narrows the view. `q` finds a ticket number (`#1042` or `1042`) or every word in the subject, the customer’s name or email, or a message. `total` comes with the first page, except for a search with a word found thousands of times.',
      access: 'helpdesk:view',
      query: ticketListQuerySchema,
      responses: { 200: ticketListResponseSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/tickets',
      summary: 'Enter a ticket for a customer',
      description: `The description becomes the customer’s first message; the ticket gets the workspace’s next number. ${assigning}`,
      access: 'helpdesk:view',
      body: createTicketSchema,
      responses: { 201: ticketDetailsSchema },
      errors: [422],
    },
    {
      method: 'post',
      path: '/helpdesk/tickets/bulk',
      summary: 'Assign, set the status or priority of, tag or close many tickets at once, all or nothing',
      description: `Any id that is not a ticket of the workspace fails the whole request (404, \`fields["ids.<n>"]\` per ticket). ${assigning}`,
      access: 'helpdesk:view',
      body: bulkTicketSchema,
      responses: { 200: bulkTicketResultSchema },
      errors: [404, 422],
    },
    {
      method: 'get',
      path: '/helpdesk/tickets/:id',
      summary: 'A ticket with its conversation in order, internal notes included',
      access: 'helpdesk:view',
      responses: { 200: ticketDetailsSchema },
    },
    {
      method: 'patch',
      path: '/helpdesk/tickets/:id',
      summary: 'Change the status, priority, type, category, tags, assignee or SLA tier',
      description: `Resolving sets \`resolvedAt\`, closing sets \`closedAt\`, reopening clears both. ${assigning}`,
      access: 'helpdesk:view',
      body: updateTicketSchema,
      responses: { 200: ticketDetailsSchema },
      errors: [412, 422],
    },
    {
      method: 'post',
      path: '/helpdesk/tickets/:id/messages',
      summary: 'Reply to the customer, or add an internal note',
      description:
        'The first reply (not a note) sets `firstRespondedAt`. `status`, when sent, is set with the message. `html`, when sent, is sanitised (paragraphs, emphasis, lists, quotes, code and http, https or mailto links) and the stored `body` is its text; a reply with html is emailed as text and html. Html without any text is refused like an empty body.',
      access: 'helpdesk:view',
      body: createTicketMessageSchema,
      responses: { 201: ticketMessageResultSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/tickets/:id/replying',
      summary: 'Say that you are writing a reply or note on this ticket',
      description:
        'The other agents with the ticket open see a notice that you are replying: each member of the workspace who may work tickets gets a `presence` event (`{ entityType: "ticket", entityId, action: "replying", userId, name }`) on their event stream, and nobody else. Nothing is stored, the ticket and its activity stay as they are, and presence is never replayed. Send it every few seconds while typing; the notice fades about 8 seconds after the last one. More than one per ticket every 2 seconds is accepted and dropped.',
      access: 'helpdesk:view',
      responses: { 204: noContent },
    },
    {
      method: 'get',
      path: '/helpdesk/tickets/:id/activity',
      summary: 'The ticket’s timeline: who changed what, newest first',
      access: 'helpdesk:view',
      responses: { 200: dataListSchema(activityEntrySchema) },
    },
    {
      method: 'post',
      path: '/helpdesk/tickets/:id/merge',
      summary: 'Merge this ticket (a duplicate) into another',
      description:
        'Its messages move to the other ticket, with their Message-IDs, so replies to either thread land there; each ticket gets an internal note, and this one is closed. Answers the ticket merged into; 422 for the ticket itself, 404 for a ticket of another workspace.',
      access: 'helpdesk:view',
      body: mergeTicketSchema,
      responses: { 200: ticketDetailsSchema },
      errors: [422],
    },
  ],
};
