import { ImapFlow } from 'imapflow';
import type { CreateMailboxValues, Mailbox, MailboxPollResult, UpdateMailboxValues } from '@atrium/shared';
import { createMailboxSchema, updateMailboxSchema } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound, staleVersion } from '../../platform/errors/app-error';
import type { SecretBox } from '../../platform/secrets/secret-box';
import type { MailIn } from './mail-in.service';
import { mailboxesRepository as repository, type MailboxRow } from './mailboxes.repository';
import type { HelpdeskDeps } from './ticket-changes';

const pollQueue = 'helpdesk.mailboxes.poll';
const fetchQueue = 'helpdesk.mailbox.fetch';

/** Messages taken per fetch: a mailbox full of old mail is worked through a batch a minute. */
const batchSize = 100;

const toMailbox = (row: MailboxRow): Mailbox => ({
  id: row.id,
  host: row.host,
  port: row.port,
  tls: row.tls,
  username: row.username,
  folder: row.folder,
  moveTo: row.moveTo,
  enabled: row.enabled,
  lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
  lastError: row.lastError,
  version: row.version,
});

const sameAccount = () =>
  new AppError('conflict', 'This mailbox is already connected', {
    username: 'This user and folder on this server are already polled',
  });

/** What the IMAP server said, in words an admin can act on. */
function imapProblem(error: unknown): string {
  const details = error as { authenticationFailed?: boolean; responseText?: string; code?: string };
  if (details.authenticationFailed) return 'The server refused the user name or password';
  const text = details.responseText ?? (error instanceof Error ? error.message : String(error));
  return (details.code && !text.includes(details.code) ? `${text} (${details.code})` : text).slice(0, 500);
}

/**
 * IMAP mailboxes (issue 21): an admin connects a support mailbox; a job polls every enabled one each
 * minute. Each new message (by UID, above the last one taken while UIDVALIDITY holds) goes through
 * mail in, then is marked read or moved. Mail in takes a Message-ID once, so a message fetched again
 * (two processes at once, a UIDVALIDITY reset) is still stored once. The password is kept sealed.
 */
export function createMailboxes(deps: HelpdeskDeps & { mailIn: MailIn; passwords: SecretBox }) {
  const { db, jobs, log, passwords, mailIn } = deps;

  async function existing(member: Member, id: string) {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Mailbox');
    return row;
  }

  /** One fetch: new messages into the help desk; the outcome is kept on the mailbox. */
  async function fetchNew(row: MailboxRow): Promise<{ fetched: number; error: string | null }> {
    const client = new ImapFlow({
      host: row.host,
      port: row.port,
      secure: row.tls,
      auth: { user: row.username, pass: passwords.open(row.passwordEncrypted) },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      socketTimeout: 120_000,
    });
    client.on('error', (error: unknown) =>
      log.warn({ err: error, mailboxId: row.id }, 'IMAP connection error'),
    );
    let fetched = 0;
    let error: string | null = null;
    let { lastUid } = row;
    let uidValidity = row.uidValidity;
    try {
      await client.connect();
      const lock = await client.getMailboxLock(row.folder);
      try {
        const box = client.mailbox === false ? undefined : client.mailbox;
        const validity = String(box?.uidValidity ?? '');
        // Another UIDVALIDITY: the old UIDs mean nothing now; Message-IDs keep what was taken once.
        if (validity !== uidValidity) {
          uidValidity = validity;
          lastUid = 0;
        }
        const uids = ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [])
          .filter((uid) => uid > lastUid)
          .sort((a, b) => a - b)
          .slice(0, batchSize);
        for (const uid of uids) {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (message && message.source) {
            await mailIn.receive(row.tenantId, message.source, 'imap');
            fetched += 1;
          }
          if (row.moveTo) await client.messageMove(String(uid), row.moveTo, { uid: true });
          else await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          lastUid = uid;
          await repository.update(db, row.tenantId, row.id, undefined, { lastUid, uidValidity });
        }
      } finally {
        lock.release();
      }
      await client.logout();
    } catch (failure) {
      error = imapProblem(failure);
      log.warn({ err: failure, mailboxId: row.id }, 'IMAP mailbox could not be polled');
      client.close();
    }
    await repository.update(db, row.tenantId, row.id, undefined, {
      lastUid,
      uidValidity,
      lastPolledAt: new Date(),
      lastError: error,
    });
    return { fetched, error };
  }

  jobs.register(
    pollQueue,
    async () => {
      for (const mailbox of await repository.enabled(db)) {
        await jobs.enqueue(
          fetchQueue,
          { tenantId: mailbox.tenantId, mailboxId: mailbox.id },
          {
            singletonKey: mailbox.id,
          },
        );
      }
    },
    { label: 'Look for new mail in the help desk mailboxes', schedule: { cron: '* * * * *', tz: 'UTC' } },
  );
  jobs.register<{ tenantId: string; mailboxId: string }>(
    fetchQueue,
    async ({ tenantId, mailboxId }) => {
      const row = await repository.find(db, tenantId, mailboxId);
      if (row?.enabled) await fetchNew(row);
    },
    // A failed poll is tried again by the next minute's, which knows whether the mailbox is still there.
    {
      label: 'Fetch mail from a help desk mailbox',
      retryLimit: 0,
      expireInSeconds: 600,
      onePendingPerKey: true,
    },
  );

  return {
    async listMailboxes(member: Member): Promise<{ data: Mailbox[] }> {
      return { data: (await repository.list(db, member.tenantId)).map(toMailbox) };
    },

    async createMailbox(member: Member, input: CreateMailboxValues): Promise<Mailbox> {
      const { password, ...fields } = createMailboxSchema.parse(input);
      const row = await repository.insert(db, member.tenantId, {
        ...fields,
        passwordEncrypted: passwords.seal(password),
      });
      if (!row) throw sameAccount();
      return toMailbox(row);
    },

    async updateMailbox(member: Member, id: string, input: UpdateMailboxValues): Promise<Mailbox> {
      await existing(member, id);
      const { password, version, ...fields } = updateMailboxSchema.parse(input);
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      try {
        const row = await repository.update(db, member.tenantId, id, version, {
          ...changes,
          ...(password === undefined ? {} : { passwordEncrypted: passwords.seal(password) }),
        });
        if (!row) throw staleVersion();
        return toMailbox(row);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw sameAccount();
        throw error;
      }
    },

    async deleteMailbox(member: Member, id: string): Promise<void> {
      if (!(await repository.remove(db, member.tenantId, id))) throw notFound('Mailbox');
    },

    /** Settings' "Check now": a fetch while the admin waits, so a wrong password shows at once. */
    async pollMailbox(member: Member, id: string): Promise<MailboxPollResult> {
      const row = await existing(member, id);
      const result = await fetchNew(row);
      return { ...result, mailbox: toMailbox(await existing(member, id)) };
    },
  };
}
