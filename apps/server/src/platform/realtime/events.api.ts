import type { ApiSection } from '../openapi/api-operation';

export const eventsApi: ApiSection = {
  tag: 'Events',
  description: "The workspace's changes as they happen.",
  operations: [
    {
      method: 'get',
      path: '/events',
      summary: 'Changes as Server-Sent Events',
      description:
        'Each `change` event names a changed record the member may read, and nothing more: refetch it through the API. Reconnect with `Last-Event-ID` (or `?lastEventId=`) to receive what was missed. A `presence` event says who is doing what on a record right now (an agent replying to a ticket: see `POST /helpdesk/tickets/{id}/replying`); it goes only to members who may read every record of its kind, and is never replayed.',
      access: 'member',
      responses: { 200: { description: 'An event stream', mediaTypes: ['text/event-stream'] } },
      errors: [429],
    },
  ],
};
