import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type HeaderValue, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';

/**
 * One received email, read once for every way mail comes in (the SMTP receiver, IMAP mailboxes, the
 * raw-MIME endpoint; issue 21), and later for bounces (issue 23). Nothing here touches the database.
 */
export type InboundMessage = {
  /** Without angle brackets; a message without one gets none, and cannot be recognised twice. */
  messageId: string | null;
  /** In-Reply-To first, then References from the newest back: the order to look for a thread in. */
  threadIds: string[];
  subject: string;
  from: { name: string; address: string } | null;
  to: string[];
  cc: string[];
  date: Date | null;
  /** What the sender wrote this time: quoted history and the signature folded away. */
  visibleText: string;
  /** The whole plain text, quoted history included, kept beside the visible part. */
  fullText: string;
  /** The HTML body with scripts, styles, event handlers and remote-loading elements removed. */
  safeHtml: string | null;
  attachments: InboundAttachment[];
  /** Why no ticket may open and no reply may go out (mail loops), or null for a person's mail. */
  automatic: AutomaticKind | null;
};

export type InboundAttachment = {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
  /** Shown inside the HTML body (a cid: image) rather than listed as a file. */
  inline: boolean;
};

export type AutomaticKind = 'bounce' | 'auto-reply' | 'bulk';

/** Reads a raw MIME message. Throws when the bytes are not a message at all. */
export async function parseInboundMessage(raw: Buffer | string): Promise<InboundMessage> {
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true });
  if (mail.headers.size === 0) throw new Error('Not an email message: no headers');
  const fullText = (mail.text ?? '').replace(/\r\n/g, '\n').trim();
  return {
    messageId: bareId(mail.messageId),
    threadIds: threadIdsOf(mail),
    subject: (mail.subject ?? '').trim(),
    from: firstAddress(mail.from),
    to: addressesOf(mail.to),
    cc: addressesOf(mail.cc),
    date: mail.date ?? null,
    visibleText: fullText ? new EmailReplyParser().read(fullText).getVisibleText().trim() : '',
    fullText,
    safeHtml: typeof mail.html === 'string' ? sanitizeEmailHtml(mail.html) : null,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? 'attachment',
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content,
      inline: attachment.contentDisposition === 'inline' && Boolean(attachment.contentId),
    })),
    automatic: automaticKind(mail),
  };
}

/** The ticket number a subject carries as "[#1042]", as our outgoing subjects write it. */
export function ticketNumberInSubject(subject: string): number | null {
  const match = /\[#(\d{1,9})\]/.exec(subject);
  return match ? Number(match[1]) : null;
}

/**
 * What HTML from outside may keep: formatting, links, tables and inline images. Remote images are
 * dropped as well as scripts: loading one would tell the sender the agent opened the mail.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'align', 'valign'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['cid', 'data'] },
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  });
}

function bareId(id: string | undefined): string | null {
  const trimmed = id?.trim().replace(/^<|>$/g, '');
  return trimmed ? trimmed : null;
}

function threadIdsOf(mail: ParsedMail): string[] {
  const references =
    typeof mail.references === 'string' ? mail.references.split(/\s+/) : (mail.references ?? []);
  const ids = [mail.inReplyTo ?? '', ...references.reverse()].map(bareId);
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );
}

function firstAddress(field: AddressObject | undefined): InboundMessage['from'] {
  const entry = field?.value.find((candidate) => candidate.address);
  return entry?.address
    ? { name: entry.name?.trim() || entry.address, address: entry.address.toLowerCase() }
    : null;
}

function headerText(mail: ParsedMail, name: string): string {
  const value: HeaderValue | undefined = mail.headers.get(name);
  if (value === undefined) return '';
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'object' && value !== null && 'value' in value)
    return String(value.value).toLowerCase();
  return String(value).toLowerCase();
}

/**
 * RFC 3834 (Auto-Submitted), the Precedence and X-Autoreply conventions mail servers still use, and
 * RFC 3464 delivery reports. A person's mail has none of these.
 */
function automaticKind(mail: ParsedMail): AutomaticKind | null {
  const contentType = mail.headers.get('content-type');
  const reportType =
    typeof contentType === 'object' && contentType !== null && 'params' in contentType
      ? (contentType.params as Record<string, string>)['report-type']
      : undefined;
  const sender = firstAddress(mail.from)?.address ?? '';
  if (reportType === 'delivery-status' || /^(mailer-daemon|postmaster)@/.test(sender)) return 'bounce';
  const autoSubmitted = headerText(mail, 'auto-submitted');
  if (
    (autoSubmitted && autoSubmitted !== 'no') ||
    mail.headers.has('x-autoreply') ||
    mail.headers.has('x-autorespond')
  ) {
    return 'auto-reply';
  }
  const precedence = headerText(mail, 'precedence');
  if (precedence === 'auto_reply') return 'auto-reply';
  if (['bulk', 'junk', 'list'].includes(precedence)) return 'bulk';
  return null;
}
