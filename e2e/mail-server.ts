import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from './fixtures';

export type MailServer = {
  baseURL: string;
  /** The help desk's built-in receiver: mail to `acme-demo@<inboundDomain>` opens tickets. */
  inboundPort: number;
  inboundDomain: string;
  /** Every mail the app sent, parsed, as a real SMTP listener received it. */
  received: ParsedMail[];
  stop(): Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });

/**
 * A server of its own for the mail journeys, sending over SMTP to a listener started here and
 * receiving help desk mail on a port of its own: the shared e2e server keeps its outbox (other
 * journeys read their mail there). Its own demo workspace, in a fresh data directory.
 */
export async function startMailServer(): Promise<MailServer> {
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
  await new Promise<void>((ready) => smtp.listen(0, '127.0.0.1', ready));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const [port, inboundPort] = [await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${port}`;
  const inboundDomain = 'support.e2e.test';
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-mail-'));
  const server: ChildProcess = spawn('npm', ['run', 'serve'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      INBOUND_SMTP_PORT: String(inboundPort),
      INBOUND_MAIL_DOMAIN: inboundDomain,
      // A batch waits a second here instead of a minute.
      NOTIFICATION_EMAIL_DELAY_SECONDS: '1',
    },
    stdio: 'ignore',
    // Its own process group: npm does not pass a signal on to the server it started.
    detached: true,
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 170_000, intervals: [500] },
    )
    .toBe(200);

  return {
    baseURL,
    inboundPort,
    inboundDomain,
    received,
    async stop() {
      const group = server.pid;
      if (group) {
        const running = () => {
          try {
            process.kill(-group, 0);
            return true;
          } catch {
            return false;
          }
        };
        if (running()) process.kill(-group, 'SIGTERM');
        // The server drains and closes its database before the directory goes.
        await expect.poll(running, { timeout: 30_000 }).toBe(false);
      }
      await new Promise<void>((closed) => smtp.close(() => closed()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
