import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './test-server';

const dovecotPath = '/usr/sbin/dovecot';

export type ImapServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Puts a raw message into a folder, as delivery would. */
  deliver(raw: string, folder?: string): Promise<void>;
  /** The flags of every message in a folder, by UID. */
  flags(folder?: string): Promise<Map<number, Set<string>>>;
  close(): Promise<void>;
};

/** Mail is owned by Dovecot's own user: Dovecot refuses to keep mail as root. */
function mailOwner(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function listening(port: number, deadline: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A throw-away Dovecot IMAP server on loopback with one account, for tests that fetch mail over
 * real IMAP (issue 21). Debian's dovecot-imapd, installed by scripts/ensure-packages.mjs.
 */
export async function startImapServer(): Promise<ImapServer> {
  if (!existsSync(dovecotPath)) {
    throw new Error('Dovecot is not installed: run `node scripts/ensure-packages.mjs dovecot`');
  }
  const dir = mkdtempSync(join(tmpdir(), 'atrium-imap-'));
  // Dovecot's own users read the accounts file and keep the mail in here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = 'support';
  const password = 'imap-test-password';
  const { uid, gid } = mailOwner();
  mkdirSync(join(dir, 'mail'));
  chownSync(join(dir, 'mail'), uid, gid);
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const config = join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 1
default_internal_user = dovecot
default_login_user = dovenull
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
`,
  );
  const dovecot = spawn(dovecotPath, ['-F', '-c', config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => dovecot.once('exit', () => resolve()));
  await listening(port, Date.now() + 15_000);

  const client = async <T>(work: (imap: ImapFlow) => Promise<T>) => {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
    });
    await imap.connect();
    try {
      return await work(imap);
    } finally {
      await imap.logout();
    }
  };

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    async deliver(raw, folder = 'INBOX') {
      await client(async (imap) => {
        if (folder !== 'INBOX') await imap.mailboxCreate(folder).catch(() => undefined);
        await imap.append(folder, raw);
      });
    },
    async flags(folder = 'INBOX') {
      return client(async (imap) => {
        const lock = await imap.getMailboxLock(folder);
        try {
          const found = new Map<number, Set<string>>();
          for await (const message of imap.fetch('1:*', { uid: true, flags: true })) {
            found.set(message.uid, message.flags ?? new Set());
          }
          return found;
        } finally {
          lock.release();
        }
      });
    },
    async close() {
      dovecot.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
