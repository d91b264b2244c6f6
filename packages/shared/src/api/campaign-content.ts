import { z } from 'zod';
import { text } from './fields';

// Issue 23: an email campaign is written as blocks (text, heading, image, button, divider, two
// columns). The server renders them to responsive HTML (MJML) and to the plain-text part; the
// author may edit that text part, which is then kept as written. Merge tags ({{ lead.first_name }})
// may appear in any text, link and the subject.

const blockId = text().min(1).max(40);
const words = (max: number, what: string) =>
  text()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters`)
    .refine((value) => value.trim().length > 0, `Enter the ${what}`);

/**
 * A link an email may point to: a web or mail address, or a merge tag that becomes one (checked
 * again once merged). Anything else (javascript:, data:) is refused.
 */
export const emailLinkSchema = text()
  .trim()
  .min(1, 'Enter the link')
  .max(2000, 'Use at most 2,000 characters')
  .refine(
    (value) => /^(https?:\/\/|mailto:)\S+$/i.test(value) || /^\{\{[^}]+\}\}\S*$/.test(value),
    'Use a link starting with https://, http:// or mailto:',
  );

const headingBlock = z.object({
  type: z.literal('heading'),
  id: blockId,
  text: words(200, 'heading'),
  level: z.union([z.literal(1), z.literal(2)]),
});
/** Paragraphs parted by blank lines; a single line break stays a line break. */
const textBlock = z.object({ type: z.literal('text'), id: blockId, text: words(10_000, 'text') });
const imageBlock = z.object({
  type: z.literal('image'),
  id: blockId,
  /** An uploaded image's public address (file storage), or any https image. */
  src: text().trim().url('Upload an image or enter its https:// address').max(2000),
  /** Empty for a decorative image. */
  alt: text().max(300, 'Use at most 300 characters'),
  href: emailLinkSchema.optional(),
});
const buttonBlock = z.object({
  type: z.literal('button'),
  id: blockId,
  label: words(80, 'button’s words'),
  href: emailLinkSchema,
});
const dividerBlock = z.object({ type: z.literal('divider'), id: blockId });

/** What a column may hold: anything but columns and dividers. */
export const columnBlockSchema = z.discriminatedUnion('type', [
  headingBlock,
  textBlock,
  imageBlock,
  buttonBlock,
]);
export type ColumnBlock = z.infer<typeof columnBlockSchema>;

const columnsBlock = z.object({
  type: z.literal('columns'),
  id: blockId,
  columns: z.tuple([
    z.array(columnBlockSchema).max(10, 'Use at most 10 blocks in a column'),
    z.array(columnBlockSchema).max(10, 'Use at most 10 blocks in a column'),
  ]),
});

export const emailBlockSchema = z.discriminatedUnion(
  'type',
  [headingBlock, textBlock, imageBlock, buttonBlock, dividerBlock, columnsBlock],
  { error: 'Choose a kind of block' },
);
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export type EmailBlockType = EmailBlock['type'];

export const campaignContentSchema = z.object({
  subject: text()
    .trim()
    .min(1, 'Enter a subject')
    .max(200, 'Use at most 200 characters')
    .regex(/^[^\r\n]*$/, 'Keep the subject on one line'),
  /** The line inboxes show after the subject. */
  previewText: text()
    .max(200, 'Use at most 200 characters')
    .regex(/^[^\r\n]*$/, 'Keep it on one line'),
  blocks: z.array(emailBlockSchema).max(100, 'Use at most 100 blocks'),
  /** The plain-text part as the author edited it; null: made from the blocks each time. */
  text: text().max(100_000, 'Use at most 100,000 characters').nullable(),
});
export type CampaignContent = z.infer<typeof campaignContentSchema>;

export const emptyCampaignContent: CampaignContent = { subject: '', previewText: '', blocks: [], text: null };

// Sending (issue 23). A send is one campaign to one lead: made when the campaign starts, claimed by
// one process before the message goes out, so nobody is sent a campaign twice.
export const campaignSendStatuses = [
  /** Waiting for its turn (or for a retry after a temporary SMTP failure). */
  'queued',
  /** Claimed by a sending process; the message is being handed to the mail server. */
  'sending',
  'sent',
  /** Refused for good by the mail server (5xx), or reported undeliverable by a bounce. */
  'bounced',
  /** Temporary failures until the retries ran out. */
  'failed',
  /** Not sent: the address was suppressed by the time its turn came. */
  'suppressed',
  /**
   * The process sending it stopped while the mail server had the message: it may have arrived.
   * Never sent again by itself (at most once); the campaign page offers to send these again.
   */
  'unconfirmed',
  /** The campaign was cancelled before its turn. */
  'cancelled',
] as const;
export type CampaignSendStatus = (typeof campaignSendStatuses)[number];

export const suppressionReasons = [
  'unsubscribed',
  'hard-bounce',
  'soft-bounces',
  'complaint',
  'manual',
] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

export const suppressionReasonLabels: Record<SuppressionReason, string> = {
  unsubscribed: 'Unsubscribed',
  'hard-bounce': 'Bounced',
  'soft-bounces': 'Bounced three times',
  complaint: 'Marked as spam',
  manual: 'Suppressed by hand',
};

/** A soft bounce (4.x.x) counts; this many suppress the address. */
export const softBouncesToSuppress = 3;

/** Hits on the pixel or a link this soon after sending come from scanners, not people. */
export const scannerWindowSeconds = 2;

/** POST /api/v1/marketing/campaigns/:id/images (multipart, field `file`): the image's public address for an image block. */
export const campaignImageSchema = z.object({ id: z.uuid(), url: z.string() });
export type CampaignImage = z.infer<typeof campaignImageSchema>;
