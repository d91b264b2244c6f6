import {
  campaignActionSchema,
  campaignPreviewSchema,
  campaignProgressSchema,
  previewCampaignSchema,
  sendCampaignSchema,
  testCampaignSchema,
} from '@atrium/shared';
import { noContent, type ApiOperation, type ApiSection } from '../../platform/openapi/api-operation';

const stateChange = (path: string, summary: string, description: string): ApiOperation => ({
  method: 'post',
  path: `/marketing/campaigns/:id/${path}`,
  summary,
  description: `${description} Carries the campaign's \`version\` (412 when stale); 409 when the campaign's status does not allow it or it is not an email campaign.`,
  access: 'marketing:manage',
  body: campaignActionSchema,
  responses: { 200: campaignProgressSchema },
  errors: [409, 412],
});

export const sendingApi: ApiSection = {
  tag: 'Campaign sending',
  description:
    'Email campaigns go out through the SMTP server (SMTP_URL) as background jobs, at the workspace’s rate, each recipient at most once (ADR 034). Every message carries List-Unsubscribe (an https URL and a mailto) with one-click unsubscribe (RFC 8058), and an envelope sender that brings bounces back to the workspace.',
  operations: [
    {
      method: 'get',
      path: '/marketing/campaigns/:id/progress',
      summary: 'How far a campaign has got: its sends by status',
      access: 'marketing:view',
      responses: { 200: campaignProgressSchema },
    },
    {
      method: 'post',
      path: '/marketing/campaigns/:id/preview',
      summary: 'The message as one lead (or a sample person) would receive it',
      description:
        'Merge tags filled from `leadId` when given; links as written (not tracked). 422 for a template error.',
      access: 'marketing:view',
      body: previewCampaignSchema,
      responses: { 200: campaignPreviewSchema },
      errors: [422],
    },
    {
      method: 'post',
      path: '/marketing/campaigns/:id/test',
      summary: 'Send a test of the message',
      description:
        'To `to`, or the signed-in member’s own address, with "[Test]" before the subject; through the ordinary mailer (the outbox, and SMTP when set).',
      access: 'marketing:manage',
      body: testCampaignSchema,
      responses: { 204: noContent },
      errors: [422],
    },
    {
      method: 'post',
      path: '/marketing/campaigns/:id/send',
      summary: 'Send a draft campaign now, or at `scheduleAt`',
      description:
        'Now: one send per lead of its segments (a lead in two once; suppressed addresses are recorded as suppressed and get nothing), then jobs send them. With `scheduleAt` (an instant still to come) the campaign is scheduled and starts then; a scheduled campaign may be sent again to move its time. 409 without SMTP_URL, for a status other than draft or scheduled, or a campaign that is not email; 412 for a stale `version`; 422 without segments or for a template error.',
      access: 'marketing:manage',
      body: sendCampaignSchema,
      responses: { 200: campaignProgressSchema },
      errors: [409, 412, 422],
    },
    stateChange(
      'pause',
      'Pause a sending campaign',
      'Messages already handed to the mail server are not recalled.',
    ),
    stateChange('resume', 'Resume a paused campaign', 'Also after it paused on mail server errors.'),
    stateChange(
      'cancel',
      'Cancel a scheduled or sending campaign',
      'A scheduled one goes back to draft; a sending or paused one completes, its messages not yet sent cancelled.',
    ),
    stateChange(
      'resend-unconfirmed',
      'Send the unconfirmed messages again',
      'Messages a stopped process was handing over when it stopped may have arrived; they are sent again only on this request. 409 when there are none.',
    ),
  ],
};
