import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { Logger } from '../logging/logger';

/**
 * The built-in SMTP receiver (issue 21): it takes mail for `<workspace slug>@<domain>`, and for
 * `<workspace slug>+<anything>@<domain>` (a campaign's bounce address, issue 23), and hands the raw
 * message to the help desk, and refuses every other recipient at RCPT time, so it never relays and
 * never accepts mail it would have to bounce later.
 */
export type InboundSmtpOptions = {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  domain: string;
  maxBytes: number;
  /** The workspace an address's local part names, or null when there is none. */
  workspaceForSlug(slug: string): Promise<string | null>;
  /**
   * Stores the message for the workspace, with a Delivered-To header per recipient of the
   * workspace, as a final mail server adds; a throw makes the sender try again later (SMTP 451).
   */
  receive(workspaceId: string, raw: Buffer): Promise<void>;
  logger: Logger;
};

export type InboundSmtp = { port: number; close(): Promise<void> };

/** Refusals carry their SMTP code; smtp-server reads it from the error. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { domain, maxBytes, logger } = options;
  // The accepted recipients of each workspace, per SMTP session.
  const recipients = new Map<string, Map<string, string[]>>();

  const workspaceOf = async (address: SMTPServerAddress): Promise<string | null> => {
    const [local, host] = address.address.toLowerCase().split('@');
    if (!local || host !== domain) return null;
    // What follows "+" is the workspace's own business: the slug alone names the workspace.
    return options.workspaceForSlug(local.split('+')[0]!);
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'Atrium help desk',
    // No accounts and no TLS certificate here: a TLS-terminating proxy may stand in front.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    onRcptTo(address, session, callback) {
      workspaceOf(address).then(
        (workspaceId) => {
          if (!workspaceId) return callback(smtpError(550, `No mailbox here for ${address.address}`));
          const accepted = recipients.get(session.id) ?? new Map<string, string[]>();
          accepted.set(workspaceId, [...(accepted.get(workspaceId) ?? []), address.address]);
          recipients.set(session.id, accepted);
          callback();
        },
        (error: unknown) => {
          logger.error({ err: error }, 'inbound mail: recipient lookup failed');
          callback(smtpError(451, 'Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accepted = [...(recipients.get(session.id) ?? [])];
        recipients.delete(session.id);
        if (stream.sizeExceeded) {
          return callback(smtpError(552, `Message larger than ${maxBytes} bytes`));
        }
        const raw = Buffer.concat(chunks);
        // The envelope recipient is how a bounce finds its campaign send when no header names it.
        const deliveredTo = (addresses: string[]) =>
          Buffer.from(addresses.map((address) => `Delivered-To: ${address}\r\n`).join(''));
        Promise.all(
          accepted.map(([workspaceId, addresses]) =>
            options.receive(workspaceId, Buffer.concat([deliveredTo(addresses), raw])),
          ),
        ).then(
          () => callback(),
          (error: unknown) => {
            logger.error({ err: error }, 'inbound mail: storing a message failed');
            callback(smtpError(451, 'Try again later'));
          },
        );
      });
    },
    onClose(session) {
      recipients.delete(session.id);
    },
  });
  server.on('error', (error) => logger.warn({ err: error }, 'inbound mail: connection error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  logger.info({ port, domain }, 'inbound mail: SMTP receiver listening');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
