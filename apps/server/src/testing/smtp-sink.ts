import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  /** `smtp://` URL of the listener, for SMTP_URL. */
  url: string;
  /** Every message it accepted, parsed, in the order they arrived. */
  received: ParsedMail[];
  /** Waits (up to a deadline) until `count` messages to `address` arrived; mail goes out from a job. */
  mailTo(address: string, count?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps what it is sent: mail tests read what really went out. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
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
