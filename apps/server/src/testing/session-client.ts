import type { Me } from '@atrium/shared';
import type { SmtpSink } from './smtp-sink';
import type { TestServer } from './test-server';

/** A browser-like client: keeps the session cookie between requests, sends our Origin. */
export type SessionClient = {
  cookie: string;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
};

export function sessionClient(server: TestServer, cookie = ''): SessionClient {
  const client: SessionClient = {
    cookie,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (client.cookie) headers.set('cookie', client.cookie);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const response = await server.request(path, { ...init, headers, body });
      const setCookies = response.headers.getSetCookie();
      if (setCookies.length > 0) {
        const jar = new Map(
          client.cookie
            .split('; ')
            .filter(Boolean)
            .map((pair) => [pair.split('=')[0]!, pair]),
        );
        for (const cookie of setCookies) {
          const pair = cookie.split(';')[0]!;
          const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
          if (value === '' || /max-age=0/i.test(cookie)) jar.delete(name);
          else jar.set(name, pair);
        }
        client.cookie = [...jar.values()].join('; ');
      }
      return response;
    },
  };
  return client;
}

let counter = 0;

/** Signs up a new person with their own workspace; returns their client and what /me says. */
export async function signUp(
  server: TestServer,
  overrides: Partial<{ name: string; email: string; companyName: string }> = {},
) {
  counter += 1;
  const input = {
    name: 'Ada Lovelace',
    email: `user-${counter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    companyName: `Company ${counter}`,
    ...overrides,
  };
  const client = sessionClient(server);
  const response = await client.request('/api/v1/auth/signup', { method: 'POST', json: input });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { client, me: (await response.json()) as Me, input };
}

/**
 * Signs up where SMTP is set up, so sign-up is confirmed by mail: the owner follows the link that
 * reached the SMTP listener. Returns their client, what /me says and their email.
 */
export async function signUpConfirmed(
  server: TestServer,
  smtp: SmtpSink,
  overrides: Partial<{ name: string; companyName: string }> = {},
) {
  counter += 1;
  const email = `owner-${counter}-${Date.now()}@example.com`;
  const signUp = await sessionClient(server).request('/api/v1/auth/signup', {
    method: 'POST',
    json: {
      name: 'Olive Owner',
      email,
      password: 'correct horse battery',
      companyName: `Company ${counter}`,
      ...overrides,
    },
  });
  if (signUp.status !== 202) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [mail] = await smtp.mailTo(email);
  const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text ?? '')![0]);
  const client = sessionClient(server);
  await client.request(link.pathname + link.search, { redirect: 'manual' });
  const me = await client.request('/api/v1/me');
  if (me.status !== 200) throw new Error(`confirmation failed: ${me.status} ${await me.text()}`);
  return { client, me: (await me.json()) as Me, email };
}

/** Signs in; returns the client (throws unless 200). */
export async function logIn(server: TestServer, email: string, password: string) {
  const client = sessionClient(server);
  const response = await client.request('/api/v1/auth/login', { method: 'POST', json: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { client, me: (await response.json()) as Me };
}

/** The invitation link's id, read from the mail the invitee received (outbox). */
export async function invite(server: TestServer, admin: SessionClient, email: string, role: string) {
  const response = await admin.request('/api/v1/members/invitations', {
    method: 'POST',
    json: { email, role },
  });
  if (response.status !== 201) throw new Error(`invite failed: ${response.status} ${await response.text()}`);
  const outbox = await admin.request('/api/v1/mail/outbox');
  const { data } = (await outbox.json()) as { data: { to: string; text: string }[] };
  const mail = data.find((m) => m.to === email);
  const id = /\/invite\/([0-9a-f-]{36})/.exec(mail?.text ?? '')?.[1];
  if (!id) throw new Error(`no invitation mail for ${email}`);
  return id;
}

/** Invites someone new and has them accept; returns their signed-in client. */
export async function addMember(server: TestServer, admin: SessionClient, role: string) {
  counter += 1;
  const email = `${role}-${counter}-${Date.now()}@example.com`;
  const id = await invite(server, admin, email, role);
  const client = sessionClient(server);
  const response = await client.request(`/api/v1/invitations/${id}/accept`, {
    method: 'POST',
    json: { name: `Test ${role}`, password: 'correct horse battery' },
  });
  if (response.status !== 200) throw new Error(`accept failed: ${response.status} ${await response.text()}`);
  return { client, me: (await response.json()) as Me, email };
}
