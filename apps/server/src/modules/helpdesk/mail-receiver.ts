import type { Config } from '../../platform/config/config';
import type { Logger } from '../../platform/logging/logger';
import { startInboundSmtp, type InboundSmtp } from '../../platform/mail/inbound-smtp';
import type { MailIn } from './mail-in.service';

/**
 * The built-in SMTP receiver for the workspaces' inbound addresses, when INBOUND_SMTP_PORT is set
 * (issue 21). A mail it cannot hand over gets a temporary refusal, and the sender tries again.
 */
export function startMailReceiver(
  config: Config,
  mailIn: MailIn,
  log: Logger,
): Promise<InboundSmtp | undefined> {
  const { inbound } = config.mail;
  if (inbound.smtpPort === undefined) return Promise.resolve(undefined);
  return startInboundSmtp({
    host: config.host,
    port: inbound.smtpPort,
    domain: inbound.domain,
    maxBytes: inbound.maxBytes,
    workspaceForSlug: mailIn.workspaceForSlug,
    receive: async (workspaceId, raw) => {
      await mailIn.receive(workspaceId, raw, 'smtp');
    },
    logger: log,
  });
}
