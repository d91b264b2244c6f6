import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@atrium/shared';
import { addMember, logIn, sessionClient } from '../../testing/session-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 17: with mail going out, sign-up answers alike for a new and a known address, and the
// account starts from the link mailed to it. A real SMTP listener receives what the server sends.
let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const signUp = (email: string, password = 'correct horse battery') =>
  sessionClient(server).request('/api/v1/auth/signup', {
    method: 'POST',
    json: { name: 'Olive Owner', email, password, companyName: 'Olive Co' },
  });

describe('sign-up where addresses are confirmed', () => {
  it('answers a new and a known address alike, mails a link to one and a notice to the other', async () => {
    const email = `olive-${Date.now()}@example.com`;
    const first = await signUp(email);
    expect(first.status).toBe(202);
    expect(first.headers.getSetCookie()).toEqual([]);
    const again = await signUp(email, 'a different password');
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.getSetCookie()).toEqual([]);

    const mails = await smtp.mailTo(email, 2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Confirm your email address for Atrium',
      'Someone tried to create an Atrium account with your email',
    ]);
    const confirmation = mails.find((mail) => mail.subject?.startsWith('Confirm'));

    // Not confirmed: the right password gets no session yet.
    const early = await sessionClient(server).request('/api/v1/auth/login', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
    });
    expect(early.status).toBe(403);

    // The link signs the new account in and opens its workspace.
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(confirmation!.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const client = sessionClient(server);
    const confirmed = await client.request(new URL(link!).pathname + new URL(link!).search, {
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/dashboard');
    const me = (await (await client.request('/api/v1/me')).json()) as Me;
    expect(me.workspace).toMatchObject({ name: 'Olive Co', role: 'admin' });
    // The second attempt changed nothing: the first password stands.
    await logIn(server, email, 'correct horse battery');
  });

  it('starts an invited new account signed in: the invitation reached its inbox', async () => {
    const email = `founder-${Date.now()}@example.com`;
    await signUp(email);
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(
      (await smtp.mailTo(email))[0]!.text ?? '',
    )![0];
    const admin = sessionClient(server);
    await admin.request(new URL(link).pathname + new URL(link).search, { redirect: 'manual' });
    const { me } = await addMember(server, admin, 'employee');
    expect(me.workspace.role).toBe('employee');
  });
});
