import type { Tx } from '@atrium/db';
import { softBouncesToSuppress } from '@atrium/shared';
import { simpleParser } from 'mailparser';
import type { MarketingDeps } from './marketing-deps';
import { mailFeedbackRepository as feedback, type SendRow } from './mail-feedback.repository';
import { suppressionsRepository } from './suppressions.repository';
import { unsubscribeSend } from './unsubscribe.service';

/** What a mail that came back to a send's bounce address says. */
export type FeedbackReport =
  /** A delivery status notification (RFC 3464): its status (5.x.x for good, 4.x.x for now) and words. */
  | { kind: 'bounce'; status: string; diagnostic: string }
  /** A complaint (ARF, RFC 5965): the person marked the message as spam. */
  | { kind: 'complaint'; detail: string }
  /** The List-Unsubscribe mailto: a mail whose subject asks to unsubscribe. */
  | { kind: 'unsubscribe' }
  /** Anything else sent there (a report of delivery, an auto-reply): nothing to do, no ticket either. */
  | { kind: 'other' };

export type FeedbackMail = {
  /** The bounce tags found (`bounce-…`, lower case), where they count: the first genuine one wins. */
  tags: string[];
  report: FeedbackReport;
};

/** What the help desk does with campaign mail: records it with this reason and makes these writes. */
export type CampaignMailOutcome = { reason: string; record(tx: Tx): Promise<void> };

const tagPattern = /\+(bounce-[a-z2-7]{34})@/gi;
const tagsIn = (text: string) => [...text.matchAll(tagPattern)].map((match) => match[1]!.toLowerCase());
/** A header or field's continuation lines joined to it (RFC 5322 folding). */
const unfold = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ');

/** The message's own header section, unfolded; addresses there are plain ASCII. */
function headerSection(raw: Buffer): string {
  const text = raw.subarray(0, 256 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return unfold(end < 0 ? text : text.slice(0, end));
}

/** Parts that carry the original message or its headers: where a complaint names the send. */
const originalParts = /^(message\/(rfc822|global|rfc822-headers|global-headers)|text\/rfc822-headers)$/i;
const statusParts = /^message\/(global-)?delivery-status$/i;

/** The worst status among the recipients' (5 before 4 before 2), with the diagnostic given. */
function deliveryStatus(text: string): FeedbackReport {
  const fields = unfold(text);
  const statuses = [...fields.matchAll(/^Status:[ \t]*([245]\.\d{1,3}\.\d{1,3})/gim)].map((m) => m[1]!);
  const status = statuses.sort().at(-1);
  if (!status) return { kind: 'other' };
  const diagnostic = /^Diagnostic-Code:[ \t]*(?:[\w-]+;[ \t]*)?(.*)$/im.exec(fields)?.[1]?.trim() ?? '';
  return status.startsWith('2') ? { kind: 'other' } : { kind: 'bounce', status, diagnostic };
}

/**
 * Reads a mail for a campaign's bounce tag (issue 23): in its own headers (the recipient, as
 * delivered; To), or, in a delivery or complaint report, in the original message it carries. Null
 * when there is none where it would count. Nothing here touches the database.
 */
export async function readFeedbackMail(raw: Buffer): Promise<FeedbackMail | null> {
  const headers = headerSection(raw);
  const ownTags = tagsIn(headers);
  const isReport = /^content-type:[ \t]*multipart\/report/im.test(headers);
  if (ownTags.length === 0 && !isReport) return null;

  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true });
  const contentType = mail.headers.get('content-type');
  const params =
    typeof contentType === 'object' && contentType !== null && 'params' in contentType
      ? (contentType.params as Record<string, string>)
      : {};
  const reportType = params['report-type']?.toLowerCase();
  const text = mail.text ?? '';
  // mailparser puts a report's machine-readable part in the text, unless it came as an attachment.
  const reportText = [
    text,
    ...mail.attachments
      .filter((part) => statusParts.test(part.contentType) || /feedback-report/i.test(part.contentType))
      .map((part) => part.content.toString('utf8')),
  ].join('\n');
  // The original message may be written out (7bit) or encoded in an attachment: both are read.
  const embeddedTags = () => [
    ...tagsIn(unfold(raw.toString('latin1'))),
    ...mail.attachments
      .filter((part) => originalParts.test(part.contentType))
      .flatMap((part) => tagsIn(unfold(part.content.toString('utf8')))),
    ...tagsIn(unfold(text)),
  ];

  if (reportType === 'delivery-status') {
    return { tags: [...new Set([...ownTags, ...embeddedTags()])], report: deliveryStatus(reportText) };
  }
  if (reportType === 'feedback-report') {
    const fields = unfold(reportText);
    const detail = ['Feedback-Type', 'User-Agent']
      .flatMap((name) => {
        const value = new RegExp(`^${name}:[ \\t]*(.+)$`, 'im').exec(fields)?.[1]?.trim();
        return value ? [`${name}: ${value}`] : [];
      })
      .join('; ');
    return { tags: [...new Set([...ownTags, ...embeddedTags()])], report: { kind: 'complaint', detail } };
  }
  if (ownTags.length === 0) return null;
  if (/\bunsubscribe\b/i.test(mail.subject ?? '')) return { tags: ownTags, report: { kind: 'unsubscribe' } };
  // Some mail servers still bounce in plain words: a status code in the text says which kind.
  const sender = mail.from?.value[0]?.address ?? '';
  if (/^(mailer-daemon|postmaster)@/i.test(sender)) {
    const status = /\b([45]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1];
    if (status) {
      const line =
        text
          .split(/\r?\n/)
          .find((candidate) => candidate.includes(status))
          ?.trim() ?? '';
      return { tags: ownTags, report: { kind: 'bounce', status, diagnostic: line } };
    }
  }
  return { tags: ownTags, report: { kind: 'other' } };
}

const detailOf = (report: { status: string; diagnostic: string }) =>
  `${report.status} ${report.diagnostic}`.trim().slice(0, 1000);

function reasonFor(report: FeedbackReport): string {
  switch (report.kind) {
    case 'bounce':
      return report.status.startsWith('5')
        ? `A delivery status notification (bounce) of a campaign email, ${report.status}: the address is suppressed`
        : `A delivery status notification (bounce) of a campaign email, ${report.status}: a temporary failure, counted`;
    case 'complaint':
      return 'A spam complaint about a campaign email: the address is suppressed';
    case 'unsubscribe':
      return 'An unsubscribe request for campaign emails (List-Unsubscribe): the address is suppressed';
    case 'other':
      return 'Mail to a campaign email’s bounce address: nothing to do';
  }
}

/**
 * Delivery status notifications and complaints that come back to a send's bounce address
 * (`<slug>+bounce-…@<inbound domain>`), and mail to it asking to unsubscribe (issue 23). They reach
 * the help desk's one inbound path, which asks here first: what is marketing's never opens a ticket.
 */
export function createBounces(deps: MarketingDeps) {
  const { db, tokens } = deps;

  async function record(tx: Tx, send: SendRow, report: FeedbackReport): Promise<void> {
    const now = deps.now();
    const suppress = (reason: 'hard-bounce' | 'soft-bounces' | 'complaint', detail: string) =>
      suppressionsRepository.suppress(tx, {
        tenantId: send.tenantId,
        email: send.email.toLowerCase(),
        reason,
        campaignId: send.campaignId,
        detail,
      });
    switch (report.kind) {
      case 'bounce':
        if (report.status.startsWith('5')) {
          // The sender may have counted it already (a 5xx answer); a DSN seen twice counts once.
          if (await feedback.markBounced(tx, send, detailOf(report))) {
            await feedback.countOnCampaign(tx, send, 'bounced');
            await feedback.recordEvent(tx, send, 'bounce', now);
          }
          await suppress('hard-bounce', detailOf(report));
        } else if (!(await feedback.hasEvent(tx, send, 'bounce'))) {
          // A message delayed for days may report itself more than once: one soft bounce per send.
          await feedback.recordEvent(tx, send, 'bounce', now);
          if ((await feedback.countSoftBounce(tx, send)) >= softBouncesToSuppress) {
            await suppress('soft-bounces', detailOf(report));
          }
        }
        return;
      case 'complaint':
        if (!(await feedback.hasEvent(tx, send, 'complaint'))) {
          await feedback.recordEvent(tx, send, 'complaint', now);
        }
        await suppress('complaint', report.detail);
        return;
      case 'unsubscribe':
        return unsubscribeSend(tx, send, now);
      case 'other':
        return;
    }
  }

  return {
    /**
     * Marketing's mail among what reached the workspace: null when it is not (no genuine bounce tag
     * of one of the workspace's sends), otherwise why it goes no further and the writes to make, in
     * the transaction that records the mail (so a mail taken twice counts once).
     */
    async read(tenantId: string, raw: Buffer): Promise<CampaignMailOutcome | null> {
      let mail: FeedbackMail | null;
      try {
        mail = await readFeedbackMail(raw);
      } catch {
        // Unreadable: the help desk keeps it as failed, as any mail it cannot read.
        return null;
      }
      if (!mail) return null;
      for (const tag of new Set(mail.tags)) {
        const sendId = tokens.readBounceTag(tag);
        const send = sendId ? await feedback.findSend(db, tenantId, sendId) : undefined;
        if (send) return { reason: reasonFor(mail.report), record: (tx) => record(tx, send, mail.report) };
      }
      return null;
    },
  };
}

export type Bounces = ReturnType<typeof createBounces>;
