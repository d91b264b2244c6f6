import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@atrium/db/testing';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createLogger } from '../logging/logger';
import { mailRepository } from './mail.repository';
import { createMailer } from './mailer';

const log = createLogger({ level: 'silent' });
let database: TestDatabase;
let smtp: SmtpSink;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp?.close();
  await database?.dispose();
});

describe('mailer', () => {
  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ db: database.db, from: 'Atrium <no-reply@atrium.test>', log });
    const row = await mailer.send({ to: 'ada@example.com', subject: 'Welcome', text: 'Hello Ada' });
    expect(row).toMatchObject({
      transport: 'outbox',
      status: 'sent',
      to: 'ada@example.com',
      subject: 'Welcome',
    });
    const [stored] = await mailRepository.listForRecipient(database.db, 'ada@example.com');
    expect(stored).toMatchObject({ id: row.id, text: 'Hello Ada', from: 'Atrium <no-reply@atrium.test>' });
  });

  it('delivers over real SMTP when SMTP_URL is set, and records it', async () => {
    const mailer = createMailer({
      db: database.db,
      from: 'Atrium <no-reply@atrium.test>',
      smtpUrl: smtp.url,
      log,
    });
    const row = await mailer.send({
      to: 'grace@example.com',
      subject: 'Your invitation',
      text: 'Join the workspace',
      html: '<p>Join the <b>workspace</b></p>',
    });
    expect(row).toMatchObject({ transport: 'smtp', status: 'sent' });
    const mail = smtp.received.find((m) => m.subject === 'Your invitation');
    expect(mail?.text?.trim()).toBe('Join the workspace');
    expect(mail?.html).toContain('<b>workspace</b>');
    expect(mail?.from?.text).toContain('no-reply@atrium.test');
  });

  it('records a failed delivery instead of losing the message', async () => {
    const mailer = createMailer({
      db: database.db,
      from: 'Atrium <no-reply@atrium.test>',
      smtpUrl: 'smtp://127.0.0.1:1',
      log,
    });
    const row = await mailer.send({ to: 'linus@example.com', subject: 'Unreachable', text: 'x' });
    expect(row.status).toBe('failed');
    const [stored] = await mailRepository.listForRecipient(database.db, 'linus@example.com');
    expect(stored).toMatchObject({ status: 'failed', subject: 'Unreachable' });
    expect(stored?.error).toBeTruthy();
  });

  it('refuses a malformed address before storing anything', async () => {
    const mailer = createMailer({ db: database.db, from: 'Atrium <no-reply@atrium.test>', log });
    await expect(
      mailer.send({ to: 'not an address\r\nBcc: x@y.z', subject: 's', text: 't' }),
    ).rejects.toThrow();
  });
});
