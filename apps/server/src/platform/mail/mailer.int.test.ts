import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@atrium/db/testing';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createJobs, type Jobs } from '../jobs/jobs';
import { createLogger } from '../logging/logger';
import { mailRepository } from './mail.repository';
import { createLocalFileStorage } from '../storage/file-storage';
import { createMailer, type Mailer } from './mailer';

const log = createLogger({ level: 'silent' });
const from = 'Atrium <no-reply@atrium.test>';
let database: TestDatabase;
/** The unreachable server's mail: its own database, so its own queue. */
let unreachableDatabase: TestDatabase;
let smtp: SmtpSink;
let jobs: Jobs;
const stopAfterwards: Jobs[] = [];
let outboxOnly: Mailer;
let delivering: Mailer;
let unreachable: Mailer;

beforeAll(async () => {
  database = await openTestDatabase();
  unreachableDatabase = await openTestDatabase();
  smtp = await startSmtpSink();
  const polling = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 60 };
  jobs = createJobs({ database, log, ...polling });
  const failingJobs = createJobs({ database: unreachableDatabase, log, ...polling });
  const storage = createLocalFileStorage(await mkdtemp(join(tmpdir(), 'atrium-mailer-')));
  outboxOnly = createMailer({ db: database.db, jobs, from, log, storage });
  delivering = createMailer({ db: database.db, jobs, from, smtpUrl: smtp.url, log, storage });
  unreachable = createMailer({
    storage,
    db: unreachableDatabase.db,
    jobs: failingJobs,
    from,
    smtpUrl: 'smtp://127.0.0.1:1',
    log,
    retries: { retryLimit: 2, retryDelaySeconds: 0 },
  });
  await jobs.start();
  stopAfterwards.push(jobs);
  await failingJobs.start();
  stopAfterwards.push(failingJobs);
});
afterAll(async () => {
  for (const service of stopAfterwards) await service.stop();
  await smtp?.close();
  await database?.dispose();
  await unreachableDatabase?.dispose();
});

async function outboxRowOf(
  to: string,
  until: (status: string) => boolean,
  { db = database.db, timeoutMs = 20_000 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await mailRepository.listForRecipient(db, to);
    if (row && until(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`mail to ${to} is still ${row?.status ?? 'absent'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mailer', () => {
  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const row = await outboxOnly.send({ to: 'ada@example.com', subject: 'Welcome', text: 'Hello Ada' });
    expect(row).toMatchObject({ transport: 'outbox', status: 'sent', to: 'ada@example.com' });
    const [stored] = await mailRepository.listForRecipient(database.db, 'ada@example.com');
    expect(stored).toMatchObject({ id: row.id, text: 'Hello Ada', from });
  });

  it('delivers over real SMTP from a background job, and records the attempt', async () => {
    const row = await delivering.send({
      to: 'grace@example.com',
      subject: 'Your invitation',
      text: 'Join the workspace',
      html: '<p>Join the <b>workspace</b></p>',
    });
    expect(row).toMatchObject({ transport: 'smtp', status: 'queued' });
    const stored = await outboxRowOf('grace@example.com', (status) => status === 'sent');
    expect(stored).toMatchObject({ attempts: 1, error: null });
    const mail = smtp.received.find((m) => m.subject === 'Your invitation');
    expect(mail?.text?.trim()).toBe('Join the workspace');
    expect(mail?.html).toContain('<b>workspace</b>');
    expect(mail?.from?.text).toContain('no-reply@atrium.test');
  });

  it('sends nothing for a change that rolls back', async () => {
    await database.db
      .transaction(async (tx) => {
        await delivering.send({ to: 'rolled@example.com', subject: 'Never', text: 'x' }, { tx });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    // A mail sent after it is delivered; had the rolled-back one been queued, it would be too.
    await delivering.send({ to: 'after@example.com', subject: 'After', text: 'x' });
    await outboxRowOf('after@example.com', (status) => status === 'sent');
    expect(await mailRepository.listForRecipient(database.db, 'rolled@example.com')).toEqual([]);
    expect(smtp.received.some((m) => m.subject === 'Never')).toBe(false);
  });

  it('retries a failed delivery, records each attempt, then marks it failed', async () => {
    const row = await unreachable.send({ to: 'linus@example.com', subject: 'Unreachable', text: 'x' });
    expect(row.status).toBe('queued');
    const stored = await outboxRowOf('linus@example.com', (status) => status === 'failed', {
      db: unreachableDatabase.db,
    });
    expect(stored.attempts).toBe(3);
    expect(stored.error).toBeTruthy();
  });

  it('refuses a malformed address before storing anything', async () => {
    await expect(
      outboxOnly.send({ to: 'not an address\r\nBcc: x@y.z', subject: 's', text: 't' }),
    ).rejects.toThrow();
  });
});
