import { describe, expect, it } from 'vitest';
import { parseInboundMessage, sanitizeEmailHtml, ticketNumberInSubject } from './inbound-message';

const message = (headers: string[], body: string) => [...headers, '', body].join('\r\n');

const reply = message(
  [
    'From: "Ada Customer" <Ada@Example.COM>',
    'To: acme-demo@support.example, Second <second@support.example>',
    'Cc: boss@example.com',
    'Subject: Re: Printer jammed [#1042]',
    'Date: Fri, 27 Nov 2026 09:15:00 +0100',
    'Message-ID: <reply-2@example.com>',
    'In-Reply-To: <agent-1@atrium.example>',
    'References: <first-0@example.com> <agent-1@atrium.example>',
    'Content-Type: text/plain; charset=utf-8',
  ],
  [
    'It works again, thank you!',
    '',
    '-- ',
    'Ada',
    '',
    'On Thu, Nov 26, 2026 at 5:00 PM Support <acme-demo@support.example> wrote:',
    '> Please try turning it off and on.',
    '> Bob',
  ].join('\r\n'),
);

describe('parseInboundMessage', () => {
  it('reads the sender, recipients, ids for threading and the date', async () => {
    const parsed = await parseInboundMessage(reply);
    expect(parsed.from).toEqual({ name: 'Ada Customer', address: 'ada@example.com' });
    expect(parsed.to).toEqual(['acme-demo@support.example', 'second@support.example']);
    expect(parsed.cc).toEqual(['boss@example.com']);
    expect(parsed.subject).toBe('Re: Printer jammed [#1042]');
    expect(parsed.messageId).toBe('reply-2@example.com');
    // In-Reply-To first, then the references newest first, each once.
    expect(parsed.threadIds).toEqual(['agent-1@atrium.example', 'first-0@example.com']);
    expect(parsed.date?.toISOString()).toBe('2026-11-27T08:15:00.000Z');
    expect(parsed.automatic).toBeNull();
  });

  it('folds the quoted history and the signature away but keeps the whole text', async () => {
    const parsed = await parseInboundMessage(reply);
    expect(parsed.visibleText).toBe('It works again, thank you!');
    expect(parsed.fullText).toContain('> Please try turning it off and on.');
    expect(parsed.fullText).toContain('It works again, thank you!');
  });

  it('keeps attachments with their names, types and bytes', async () => {
    const raw = message(
      [
        'From: ada@example.com',
        'To: acme-demo@support.example',
        'Subject: Logs',
        'Message-ID: <logs@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
      ],
      [
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Logs attached.',
        '--b1',
        'Content-Type: text/csv; name="log.csv"',
        'Content-Disposition: attachment; filename="log.csv"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('time,event\n09:00,jam\n').toString('base64'),
        '--b1--',
      ].join('\r\n'),
    );
    const parsed = await parseInboundMessage(raw);
    expect(parsed.visibleText).toBe('Logs attached.');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'log.csv',
      contentType: 'text/csv',
      inline: false,
    });
    expect(parsed.attachments[0]!.content.toString()).toBe('time,event\n09:00,jam\n');
  });

  it('sanitises the HTML body', async () => {
    const raw = message(
      ['From: ada@example.com', 'Subject: Html', 'Content-Type: text/html; charset=utf-8'],
      '<p onclick="steal()">Hello <b>there</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif">',
    );
    const parsed = await parseInboundMessage(raw);
    expect(parsed.safeHtml).toBe('<p>Hello <b>there</b></p><img />');
    expect(parsed.visibleText).toContain('Hello there');
  });

  it.each([
    ['an auto-reply (Auto-Submitted)', ['Auto-Submitted: auto-replied'], 'auto-reply'],
    ['an out-of-office (X-Autoreply)', ['X-Autoreply: yes'], 'auto-reply'],
    ['list or bulk mail (Precedence)', ['Precedence: bulk'], 'bulk'],
    ['a message a person sent on purpose (Auto-Submitted: no)', ['Auto-Submitted: no'], null],
  ])('recognises %s', async (_name, headers, kind) => {
    const parsed = await parseInboundMessage(
      message(['From: ada@example.com', 'Subject: Away', ...headers], 'I am away until Monday.'),
    );
    expect(parsed.automatic).toBe(kind);
  });

  it('recognises a delivery report and a mailer daemon as bounces', async () => {
    const report = message(
      [
        'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
        'Subject: Undelivered Mail Returned to Sender',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
      ],
      [
        '--r',
        'Content-Type: text/plain',
        '',
        'Delivery failed.',
        '--r',
        'Content-Type: message/delivery-status',
        '',
        'Final-Recipient: rfc822; gone@example.com',
        'Action: failed',
        'Status: 5.1.1',
        '--r--',
      ].join('\r\n'),
    );
    expect((await parseInboundMessage(report)).automatic).toBe('bounce');
    const daemon = message(['From: postmaster@example.com', 'Subject: Failure'], 'Could not deliver.');
    expect((await parseInboundMessage(daemon)).automatic).toBe('bounce');
  });

  it('refuses bytes that are not a message', async () => {
    await expect(parseInboundMessage('')).rejects.toThrow(/not an email/i);
  });
});

describe('ticketNumberInSubject', () => {
  it('finds the number our subjects carry', () => {
    expect(ticketNumberInSubject('Re: Printer jammed [#1042]')).toBe(1042);
    expect(ticketNumberInSubject('AW: [#7] Rechnung')).toBe(7);
    expect(ticketNumberInSubject('Order #1042 shipped')).toBeNull();
  });
});

describe('sanitizeEmailHtml', () => {
  it('keeps links safe and inline images, drops javascript: links', () => {
    expect(sanitizeEmailHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeEmailHtml('<a href="https://acme.example/a" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://acme.example/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeEmailHtml('<img src="cid:logo@x" alt="Logo">')).toBe(
      '<img src="cid:logo@x" alt="Logo" />',
    );
  });
});
