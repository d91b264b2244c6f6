import { SMTPServer } from 'smtp-server';

export type MailSink = {
  port: number;
  /** Messages received per recipient address (lower case). */
  received: Map<string, number>;
  close(): Promise<void>;
};

/** A mail server on the loopback that takes every message and counts it per recipient. */
export async function startMailSink(port: number): Promise<MailSink> {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) {
          const address = to.address.toLowerCase();
          received.set(address, (received.get(address) ?? 0) + 1);
        }
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
