import { outboxSchema } from '@atrium/shared';
import type { ApiSection } from '../openapi/api-operation';

export const mailApi: ApiSection = {
  tag: 'Mail',
  description: 'The outbox: what Atrium sent, or would send without SMTP.',
  operations: [
    {
      method: 'get',
      path: '/mail/outbox',
      summary: "The workspace's latest 100 mails",
      access: 'settings:manage',
      responses: { 200: outboxSchema },
    },
  ],
};
