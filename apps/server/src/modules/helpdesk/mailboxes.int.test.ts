import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { Mailbox, MailboxPollResult, TicketListResponse } from '@atrium/shared';
import { expectJson } from '../../testing/fixtures';
import { startImapServer, type ImapServer } from '../../testing/imap-server';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 21, mail in over IMAP: a mailbox connected in Settings is fetched from a real Dovecot; each
// message is taken once however often it is polled, and marked read (or moved) on the server.
let server: TestServer;
let imap: ImapServer;
beforeAll(async () => {
  [server, imap] = await Promise.all([startTestServer(), startImapServer()]);
});
afterAll(async () => {
  await server?.close();
  await imap?.close();
});

const mail = (subject: string, messageId = `<${randomUUID()}@customer.test>`) =>
  [
    'From: Margaret <margaret@customer.test>',
    'To: support@acme.test',
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Fri, 27 Nov 2026 10:00:00 +0000',
    '',
    'The rocket will not launch.',
    '',
  ].join('\r\n');

async function connect(admin: SessionClient, overrides: Record<string, unknown> = {}) {
  return expectJson<Mailbox>(
    await admin.request('/api/v1/helpdesk/mailboxes', {
      method: 'POST',
      json: {
        host: imap.host,
        port: imap.port,
        tls: false,
        username: imap.user,
        password: imap.password,
        ...overrides,
      },
    }),
    201,
  );
}

const poll = async (admin: SessionClient, id: string) =>
  expectJson<MailboxPollResult>(
    await admin.request(`/api/v1/helpdesk/mailboxes/${id}/poll`, { method: 'POST' }),
    200,
  );

const ticketsAbout = async (admin: SessionClient, subject: string) =>
  (
    await expectJson<TicketListResponse>(
      await admin.request(`/api/v1/helpdesk/tickets?view=all&q=${encodeURIComponent(subject)}`),
      200,
    )
  ).data.filter((ticket) => ticket.subject === subject);

describe('IMAP mailboxes (issue 21)', () => {
  it('fetches new mail into tickets once across polls, marks it read, and keeps the password sealed', async () => {
    const { client: admin, me } = await signUp(server, { companyName: 'Imap Co' });
    const first = `Launch failure ${randomUUID()}`;
    const duplicateId = `<dup-${randomUUID()}@customer.test>`;
    await imap.deliver(mail(first, duplicateId));

    const mailbox = await connect(admin);
    expect(mailbox).toMatchObject({ folder: 'INBOX', moveTo: null, enabled: true, lastError: null });
    expect(JSON.stringify(mailbox)).not.toContain(imap.password);
    const [stored] = await server.platform.database.db
      .select({ sealed: schema.helpdeskMailboxes.passwordEncrypted })
      .from(schema.helpdeskMailboxes)
      .where(
        and(
          eq(schema.helpdeskMailboxes.tenantId, me.workspace.id),
          eq(schema.helpdeskMailboxes.id, mailbox.id),
        ),
      );
    expect(stored!.sealed).not.toContain(imap.password);

    expect(await poll(admin, mailbox.id)).toMatchObject({ fetched: 1, error: null });
    expect(await ticketsAbout(admin, first)).toHaveLength(1);
    // Polled again: nothing new, nothing twice.
    expect(await poll(admin, mailbox.id)).toMatchObject({ fetched: 0, error: null });
    expect(await ticketsAbout(admin, first)).toHaveLength(1);
    expect([...(await imap.flags()).values()].every((flags) => flags.has('\\Seen'))).toBe(true);

    // A new mail, and the first one delivered again (same Message-ID): one more ticket only.
    const second = `Fuel leak ${randomUUID()}`;
    await imap.deliver(mail(second));
    await imap.deliver(mail(first, duplicateId));
    const polled = await poll(admin, mailbox.id);
    expect(polled).toMatchObject({ fetched: 2, error: null });
    expect(polled.mailbox.lastPolledAt).not.toBeNull();
    expect(await ticketsAbout(admin, second)).toHaveLength(1);
    expect(await ticketsAbout(admin, first)).toHaveLength(1);

    const listed = await expectJson<{ data: Mailbox[] }>(
      await admin.request('/api/v1/helpdesk/mailboxes'),
      200,
    );
    expect(listed.data.map((m) => m.id)).toEqual([mailbox.id]);
    // The same account twice is refused.
    const again = await admin.request('/api/v1/helpdesk/mailboxes', {
      method: 'POST',
      json: { host: imap.host, port: imap.port, tls: false, username: imap.user, password: 'x' },
    });
    expect(again.status).toBe(409);
  });

  it('says what the server answered for a wrong password, and an agent may not see or change mailboxes', async () => {
    const { client: admin } = await signUp(server, { companyName: 'Wrong Password Co' });
    const mailbox = await connect(admin, { password: 'not-the-password', folder: 'Support' });
    const result = await poll(admin, mailbox.id);
    expect(result.fetched).toBe(0);
    expect(result.error).toMatch(/user name or password/);
    expect(result.mailbox.lastError).toBe(result.error);

    const fixed = await expectJson<Mailbox>(
      await admin.request(`/api/v1/helpdesk/mailboxes/${mailbox.id}`, {
        method: 'PATCH',
        json: { password: imap.password, folder: 'INBOX', version: result.mailbox.version },
      }),
      200,
    );
    expect(fixed.folder).toBe('INBOX');
    expect((await poll(admin, mailbox.id)).error).toBeNull();
    const stale = await admin.request(`/api/v1/helpdesk/mailboxes/${mailbox.id}`, {
      method: 'PATCH',
      json: { enabled: false, version: result.mailbox.version },
    });
    expect(stale.status).toBe(412);

    const { client: agent } = await addMember(server, admin, 'employee');
    expect((await agent.request('/api/v1/helpdesk/mailboxes')).status).toBe(403);
    expect(
      (await agent.request(`/api/v1/helpdesk/mailboxes/${mailbox.id}/poll`, { method: 'POST' })).status,
    ).toBe(403);

    expect(
      (await admin.request(`/api/v1/helpdesk/mailboxes/${mailbox.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(
      (await admin.request(`/api/v1/helpdesk/mailboxes/${mailbox.id}/poll`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('moves fetched mail to a folder when asked', async () => {
    const { client: admin } = await signUp(server, { companyName: 'Move Co' });
    const subject = `Moved ${randomUUID()}`;
    await imap.deliver(mail(subject));
    await imap.deliver(mail(`Archive seed ${randomUUID()}`), 'Done');
    const mailbox = await connect(admin, { moveTo: 'Done' });
    const result = await poll(admin, mailbox.id);
    expect(result.error).toBeNull();
    expect(await ticketsAbout(admin, subject)).toHaveLength(1);
    const done = await imap.flags('Done');
    expect(done.size).toBeGreaterThanOrEqual(2);
  });
});
