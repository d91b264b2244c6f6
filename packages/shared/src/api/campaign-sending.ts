import { z } from 'zod';
import { campaignStatuses } from '../domain/enums';
import { campaignSendStatuses } from './campaign-content';
import { isoDateTime, recordVersion } from './fields';

// Issue 23: sending an email campaign — now or at a set time, paused, resumed, cancelled — and how
// far it has got. The campaign's record (content, audience) is edited through /campaigns.

export const sendCampaignSchema = z.object({
  version: recordVersion(),
  /** Not given: now. An instant (the screen turns the workspace's local time into one). */
  scheduleAt: isoDateTime('Enter a valid date and time').optional(),
});
export type SendCampaignInput = z.infer<typeof sendCampaignSchema>;

export const campaignActionSchema = z.object({ version: recordVersion() });
export type CampaignActionInput = z.infer<typeof campaignActionSchema>;

export const testCampaignSchema = z.object({
  /** Not given: the signed-in member's own address. */
  to: z.email('Enter an email address').max(254).optional(),
  /** Merge tags are filled from this lead; a sample person otherwise. */
  leadId: z.uuid().optional(),
});
export type TestCampaignInput = z.infer<typeof testCampaignSchema>;

export const previewCampaignSchema = z.object({ leadId: z.uuid().optional() });
export type PreviewCampaignInput = z.infer<typeof previewCampaignSchema>;

export const campaignPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Who the merge tags were filled from. */
  lead: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string() }),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignProgressSchema = z.object({
  campaignId: z.uuid(),
  status: z.enum(campaignStatuses),
  version: z.number().int(),
  /** The sends by status: how many of the audience are at each point. */
  counts: z.record(z.enum(campaignSendStatuses), z.number().int()),
  recipients: z.number().int(),
  /** Handed to the mail server (sent, and sent then bounced). */
  sent: z.number().int(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  sendingStartedAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why it paused on its own (the mail server refusing); null when paused by hand or running. */
  pausedReason: z.string().nullable(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** Failures in a row that pause a campaign: the mail server is down or refuses the sender. */
export const failuresToPause = 20;

/** A message the mail server refuses for now (4xx) is tried this many times in all: over about 80 minutes. */
export const sendAttempts = 6;

/**
 * Seconds before the next try of a message after its n-th temporary failure (n from 1): 5 s, 30 s,
 * 3 min, 18 min, 1 h. A busy server takes it at once; greylisting wants a few minutes.
 */
export const retryDelaySeconds = (attempt: number) => Math.min(5 * 6 ** (attempt - 1), 3600);
