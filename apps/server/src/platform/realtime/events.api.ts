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
        'Each event names a changed record the member may read, and nothing more: refetch it through the API. Reconnect with `Last-Event-ID` (or `?lastEventId=`) to receive what was missed.',
      access: 'member',
      responses: { 200: { description: 'An event stream', mediaTypes: ['text/event-stream'] } },
      errors: [429],
    },
  ],
};
