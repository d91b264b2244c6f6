import {
  campaignDetailsSchema,
  campaignImageSchema,
  campaignListQuerySchema,
  campaignListSchema,
  createCampaignSchema,
  maxUploadedImageBytes,
  updateCampaignSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const segments =
  '`segmentIds` are segments of the workspace (422 per segment otherwise, e.g. `segmentIds.0`); a lead in two of them is sent one message.';

export const campaignsApi: ApiSection = {
  tag: 'Campaigns (issue 23)',
  description:
    'Marketing campaigns as records. Email campaigns are written here and sent through the sending operations, which alone set their status and counters (sent, delivered, opened, clicked, unsubscribed, bounced, failed, recipients). SMS, social and webinar campaigns are planned and tracked by hand: their status, start and results are entered here.',
  operations: [
    {
      method: 'get',
      path: '/marketing/campaigns',
      summary: 'The campaigns, a keyset page at a time',
      description:
        'Filters: `status`, `type`, and `q` (words the name contains). Sorts: `updatedAt` (default, latest first), `name` (A to Z) and `sent` (most first); `order` reverses. Open and click rates are per delivered message, in percent to 1 decimal, null before any delivery.',
      access: 'marketing:view',
      query: campaignListQuerySchema,
      responses: { 200: campaignListSchema },
    },
    {
      method: 'post',
      path: '/marketing/campaigns',
      summary: 'Create a campaign',
      description: `\`type\` decides the fields: an email campaign starts as a draft with its \`content\` (may be written later), \`fromName\` and \`fromEmail\` (null: the workspace’s sender, see the marketing settings); an sms, social or webinar campaign takes \`status\`, \`startsAt\` and its results (\`sent\`, \`delivered\`, \`opened\`, \`clicked\`, \`revenue\`; no more delivered than sent, no more opened or clicked than delivered). ${segments}`,
      access: 'marketing:manage',
      body: createCampaignSchema,
      responses: { 201: campaignDetailsSchema },
      errors: [422],
    },
    {
      method: 'get',
      path: '/marketing/campaigns/:id',
      summary: 'A campaign: its record, audience, message, counters and sending times',
      access: 'marketing:view',
      responses: { 200: campaignDetailsSchema },
    },
    {
      method: 'patch',
      path: '/marketing/campaigns/:id',
      summary: 'Edit a campaign',
      description: `Only the fields sent change; \`segmentIds\` replaces the audience. A stale \`version\` gets 412. An email campaign’s \`content\`, \`segmentIds\`, \`fromName\` and \`fromEmail\` change only while it is a draft or scheduled (409 once it started sending); its \`status\`, \`startsAt\` and results come from sending it (422). Other types have no \`content\` or sender (422), and their results must add up (422). ${segments}`,
      access: 'marketing:manage',
      body: updateCampaignSchema,
      responses: { 200: campaignDetailsSchema },
      errors: [409, 412, 422],
    },
    {
      method: 'post',
      path: '/marketing/campaigns/:id/duplicate',
      summary: 'Copy a campaign as a new draft',
      description:
        'The copy is named "Copy of …" and has the same type, description, budget, audience, message and sender; it starts as a draft with no results.',
      access: 'marketing:manage',
      responses: { 201: campaignDetailsSchema },
    },
    {
      method: 'delete',
      path: '/marketing/campaigns/:id',
      summary: 'Delete a campaign',
      description:
        'Not while an email campaign is sending (409: pause or cancel it first). Its sends and tracked events are deleted with it; the addresses it led to suppress stay suppressed.',
      access: 'marketing:manage',
      responses: { 204: noContent },
      errors: [409],
    },
    {
      method: 'post',
      path: '/marketing/campaigns/:id/images',
      summary: 'Upload an image for an email campaign’s image block',
      description: `Multipart form data with the image in the field \`file\`: PNG, JPEG, GIF or WebP by its content (anything else gets 400), up to ${maxUploadedImageBytes / 1024 / 1024} MB; 422 for a campaign that is not an email. Put its \`url\` in an image block's \`src\`: it is served at PUBLIC_URL/m/i/<id> to anyone, as mail clients fetch images without signing in, and stays after the campaign is deleted (mail already sent shows it).`,
      access: 'marketing:manage',
      body: {
        description: 'The form, with the image in the field `file`',
        mediaTypes: ['multipart/form-data'],
      },
      responses: { 201: campaignImageSchema },
      errors: [422],
    },
  ],
};
