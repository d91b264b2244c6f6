import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the listener took it: parsed, with the envelope the sender gave (MAIL FROM, RCPT TO). */
export type ReceivedMail = ParsedMail & {
  envelope: { from: string; to: string[] };
  /** When the listener had the whole message (ms since the epoch). */
  arrivedAt: number;
};

/** An SMTP answer other than "250 OK" for one message, as a mail server refuses (4xx) or rejects (5xx). */
export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export type SmtpSink = {
  /** `smtp://` URL of the listener, for SMTP_URL. */
  url: string;
  /** Every message it accepted, parsed, in the order they arrived. */
  received: ReceivedMail[];
  /** Waits (up to a deadline) until `count` messages to `address` arrived; mail goes out from a job. */
  mailTo(address: string, count?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback that keeps what it is sent: mail tests read what really went out.
 * `answer` sees each message before it is accepted: it may throw an SmtpRefusal (the message is
 * then not kept), or take its time, as a slow server does.
 */
export async function startSmtpSink(
  options: { answer?: (mail: ReceivedMail) => Promise<void> | void } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Campaign tests keep several connections open at once.
    maxClients: 50,
    onData(stream, session, done) {
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      simpleParser(stream)
        .then(async (parsed) => {
          const mail = Object.assign(parsed, { envelope, arrivedAt: Date.now() });
          await options.answer?.(mail);
          received.push(mail);
        })
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const to = (address: string) => received.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async mailTo(address, count = 1) {
      const deadline = Date.now() + 20_000;
      while (to(address).length < count) {
        if (Date.now() > deadline)
          throw new Error(`${to(address).length} of ${count} mails reached ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
