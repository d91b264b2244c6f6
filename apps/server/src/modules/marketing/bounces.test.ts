import { describe, expect, it } from 'vitest';
import { readFeedbackMail } from './bounces';

const tag = `bounce-${'a'.repeat(34)}`;
const address = `acme+${tag}@inbound.test`;
const mail = (lines: string[]) => Buffer.from(lines.join('\r\n'));

function report(type: string, parts: string[][], to = address) {
  return mail([
    'From: MAILER-DAEMON@mx.example.org',
    `To: ${to}`,
    'Subject: Report',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${type}; boundary="B"`,
    '',
    ...parts.flatMap((part) => ['--B', ...part, '']),
    '--B--',
    '',
  ]);
}

const status = (code: string, diagnostic = 'smtp; 550 5.1.1 User unknown') => [
  'Content-Type: message/delivery-status',
  '',
  'Reporting-MTA: dns; mx.example.org',
  '',
  'Final-Recipient: rfc822; lead@example.org',
  'Action: failed',
  `Status: ${code}`,
  `Diagnostic-Code: ${diagnostic}`,
];

describe('reading mail that comes back to a campaign (issue 23)', () => {
  it('reads a DSN: the status and the diagnostic, unfolded and without its type', async () => {
    const read = await readFeedbackMail(
      report('delivery-status', [
        ['Content-Type: text/plain', '', 'Your message could not be delivered.'],
        status('5.1.1', 'smtp; 550 5.1.1 <lead@example.org>: Recipient\r\n    address rejected'),
      ]),
    );
    expect(read).toEqual({
      tags: [tag],
      report: {
        kind: 'bounce',
        status: '5.1.1',
        diagnostic: '550 5.1.1 <lead@example.org>: Recipient address rejected',
      },
    });
  });

  it('takes a temporary failure as such, and a report of delivery as nothing to do', async () => {
    expect((await readFeedbackMail(report('delivery-status', [status('4.2.2')])))?.report).toMatchObject({
      kind: 'bounce',
      status: '4.2.2',
    });
    expect((await readFeedbackMail(report('delivery-status', [status('2.0.0')])))?.report).toEqual({
      kind: 'other',
    });
  });

  it("finds the tag in a report's original message when the report went elsewhere", async () => {
    const read = await readFeedbackMail(
      report(
        'feedback-report',
        [
          [
            'Content-Type: message/feedback-report',
            '',
            'Feedback-Type: abuse',
            'User-Agent: FBL/2',
            'Version: 1',
          ],
          [
            'Content-Type: message/rfc822',
            '',
            'From: news@acme.test',
            `List-Unsubscribe: <mailto:${address}>`,
            '',
            'Hi',
          ],
        ],
        'acme@inbound.test',
      ),
    );
    expect(read).toEqual({
      tags: [tag],
      report: { kind: 'complaint', detail: 'Feedback-Type: abuse; User-Agent: FBL/2' },
    });
  });

  it('reads a mail to the bounce address asking to unsubscribe, and any other mail there as nothing to do', async () => {
    const plain = (subject: string) =>
      mail(['From: lead@example.org', `To: ${address.toUpperCase()}`, `Subject: ${subject}`, '', 'Hello']);
    expect(await readFeedbackMail(plain('Unsubscribe'))).toEqual({
      tags: [tag],
      report: { kind: 'unsubscribe' },
    });
    expect(await readFeedbackMail(plain('A question'))).toEqual({ tags: [tag], report: { kind: 'other' } });
  });

  it('leaves ordinary mail alone: no tag in its headers, no report', async () => {
    const ordinary = mail([
      'From: lead@example.org',
      'To: acme@inbound.test',
      'Subject: unsubscribe',
      '',
      `My friend wrote from ${address}`,
    ]);
    expect(await readFeedbackMail(ordinary)).toBeNull();
  });
});
