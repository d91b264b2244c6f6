import { SMTPServer } from 'smtp-server';

export type MailListener = { port: number; close(): Promise<void> };

/**
 * A mail server on the loopback that reads each message to its end, parses nothing and answers
 * 250; `onMessage` hears each message's recipients once its data has arrived. Port 0: any free one.
 */
export async function listenForMail(
  port: number,
  onMessage: (recipients: string[]) => void,
): Promise<MailListener> {
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no TLS to negotiate, no name to look up.
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        onMessage(session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
      stream.resume();
    },
  });
  const listening = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  return {
    port: listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
