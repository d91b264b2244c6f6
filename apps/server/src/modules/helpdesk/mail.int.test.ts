import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ErrorBody,
  HelpdeskMailSettings,
  InboundMailListResponse,
  InboundMailResult,
  TicketDetails,
  TicketListResponse,
  TicketMessageResult,
  UploadedFile,
} from '@atrium/shared';
import { schema } from '@atrium/db';
import { fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUpConfirmed, type SessionClient } from '../../testing/session-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { tokenClient } from '../../testing/token-client';

let server: TestServer;
let outgoing: SmtpSink;
let inboundPort: number;
const domain = 'support.test';

beforeAll(async () => {
  outgoing = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: outgoing.url,
    INBOUND_SMTP_PORT: '0',
    INBOUND_MAIL_DOMAIN: domain,
  });
  inboundPort = server.inboundSmtpPort!;
});
afterAll(async () => {
  await server?.close();
  await outgoing?.close();
});

async function send<T>(client: SessionClient, method: string, path: string, json?: unknown, status = 200) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A customer's mail client: real SMTP to the built-in receiver. */
function mailClient() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
}

async function helpDesk(companyName: string) {
  const owner = await signUpConfirmed(server, outgoing, { companyName, name: 'Ada Admin' });
  const agent = await addMember(server, owner.client, 'employee');
  const settings = await send<HelpdeskMailSettings>(owner.client, 'GET', '/api/v1/helpdesk/mail-settings');
  return {
    admin: owner.client,
    agent: agent.client,
    address: settings.inboundAddress,
    build: fixtures(owner.client),
  };
}

/** Waits, with a deadline, for the queue to show a ticket with this subject; mail goes through SMTP. */
async function ticketBySubject(client: SessionClient, subject: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await send<TicketListResponse>(
      client,
      'GET',
      `/api/v1/helpdesk/tickets?view=all&q=${encodeURIComponent(subject)}`,
    );
    const found = page.data.find((ticket) => ticket.subject === subject);
    if (found) return send<TicketDetails>(client, 'GET', `/api/v1/helpdesk/tickets/${found.id}`);
    if (Date.now() > deadline) throw new Error(`no ticket '${subject}' arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const details = (client: SessionClient, id: string) =>
  send<TicketDetails>(client, 'GET', `/api/v1/helpdesk/tickets/${id}`);

describe('mail in through the SMTP receiver (issue 21)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Mail In Co');
  });

  it("shows the workspace's inbound address: its slug at INBOUND_MAIL_DOMAIN", () => {
    expect(desk.address).toMatch(new RegExp(`^mail-in-co[a-z0-9-]*@${domain.replace('.', '\\.')}$`));
  });

  it('opens a ticket with the sender as customer, the quoted history folded away and the attachment kept', async () => {
    const subject = `Printer on fire ${randomUUID()}`;
    await mailClient().sendMail({
      from: '"Grace Hopper" <grace@customer.test>',
      to: desk.address,
      subject,
      text: 'The printer is on fire again.\n\nOn Mon, Bob wrote:\n> is it plugged in?\n> really?',
      messageId: `<first-${randomUUID()}@customer.test>`,
      attachments: [{ filename: 'smoke.txt', content: 'lots of smoke' }],
    });
    const ticket = await ticketBySubject(desk.admin, subject);
    expect(ticket).toMatchObject({
      status: 'open',
      customer: { name: 'Grace Hopper', email: 'grace@customer.test' },
    });
    const [first] = ticket.messages;
    expect(first).toMatchObject({
      authorKind: 'customer',
      body: 'The printer is on fire again.',
      internal: false,
      email: { direction: 'in', delivery: null },
      attachments: [{ id: expect.any(String), name: 'smoke.txt', sizeBytes: 13 }],
    });
    expect(first!.quotedText).toContain('> is it plugged in?');
    const file = await desk.agent.request(
      `/api/v1/helpdesk/tickets/${ticket.id}/attachments/${first!.attachments[0]!.id}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('smoke.txt');
    expect(await file.text()).toBe('lots of smoke');
  });

  it("sends the agent's reply as threaded email, never the internal note, and takes the customer's answer into the same ticket, reopening it", async () => {
    const subject = `Invoice missing ${randomUUID()}`;
    const customerId = `<ask-${randomUUID()}@customer.test>`;
    const customer = `linus-${randomUUID().slice(0, 8)}@customer.test`;
    await mailClient().sendMail({
      from: `Linus <${customer}>`,
      to: desk.address,
      subject,
      text: 'Where is my invoice?',
      messageId: customerId,
    });
    const ticket = await ticketBySubject(desk.agent, subject);

    await send<TicketMessageResult>(
      desk.agent,
      'POST',
      `/api/v1/helpdesk/tickets/${ticket.id}/messages`,
      {
        body: 'Checking with billing - secret internal detail',
        internal: true,
      },
      201,
    );
    const reply = await send<TicketMessageResult>(
      desk.agent,
      'POST',
      `/api/v1/helpdesk/tickets/${ticket.id}/messages`,
      { body: 'Your invoice is attached to your account now.', internal: false, status: 'pending' },
      201,
    );
    expect(reply.message.email).toEqual({ direction: 'out', delivery: 'queued' });
    expect(reply.ticket.status).toBe('pending');

    const [mail] = await outgoing.mailTo(customer);
    expect(mail!.subject).toBe(`[#${ticket.number}] ${subject}`);
    expect(mail!.from?.value[0]).toMatchObject({ name: 'Test employee' });
    expect(mail!.replyTo?.value[0]?.address).toBe(desk.address);
    expect(mail!.inReplyTo).toBe(customerId);
    expect(mail!.references).toContain(customerId);
    expect(mail!.text).toContain('Your invoice is attached');
    expect(mail!.text).not.toContain('secret internal detail');
    // The note never went anywhere: one mail reached the customer in all.
    expect(outgoing.received.filter((m) => JSON.stringify(m.to).includes(customer))).toHaveLength(1);

    await mailClient().sendMail({
      from: `Linus <${customer}>`,
      to: desk.address,
      subject: `Re: ${mail!.subject}`,
      text: 'Got it, thanks!\n\nOn Tue, support wrote:\n> Your invoice is attached',
      inReplyTo: mail!.messageId,
      references: [customerId, mail!.messageId!],
    });
    const deadline = Date.now() + 15_000;
    let after = await details(desk.agent, ticket.id);
    while (after.messages.length < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await details(desk.agent, ticket.id);
    }
    expect(after.messages.map((m) => [m.authorKind, m.internal, m.body])).toEqual([
      ['customer', false, 'Where is my invoice?'],
      ['agent', true, 'Checking with billing - secret internal detail'],
      ['agent', false, 'Your invoice is attached to your account now.'],
      ['customer', false, 'Got it, thanks!'],
    ]);
    expect(after.status).toBe('open');
    const sent = await details(desk.agent, ticket.id);
    expect(sent.messages[2]!.email).toEqual({ direction: 'out', delivery: 'sent' });
  });
});

describe("agents' files (issue 21)", () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Mail Files Co');
  });

  const upload = (client: SessionClient, name: string, content: string | Uint8Array) => {
    const form = new FormData();
    form.set('file', new Blob([content], { type: 'text/plain' }), name);
    return client.request('/api/v1/helpdesk/uploads', { method: 'POST', body: form });
  };

  it('go out attached to the reply email, and stay with the message', async () => {
    const customer = `ada-${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await desk.build.ticket({ customerEmail: customer, subject: `Files ${randomUUID()}` });
    const uploaded = await upload(desk.agent, 'steps.txt', 'Turn it off and on again.');
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as UploadedFile;
    expect(file).toMatchObject({ name: 'steps.txt', sizeBytes: 25 });

    const reply = await send<TicketMessageResult>(
      desk.agent,
      'POST',
      `/api/v1/helpdesk/tickets/${ticket.id}/messages`,
      { body: 'The steps are attached.', internal: false, attachmentIds: [file.id] },
      201,
    );
    expect(reply.message.attachments).toEqual([{ id: expect.any(String), name: 'steps.txt', sizeBytes: 25 }]);
    const [mail] = await outgoing.mailTo(customer);
    expect(mail!.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['steps.txt', 'Turn it off and on again.'],
    ]);
    const download = await desk.admin.request(
      `/api/v1/helpdesk/tickets/${ticket.id}/attachments/${reply.message.attachments[0]!.id}`,
    );
    expect(await download.text()).toBe('Turn it off and on again.');
  });

  it("refuses someone else's upload (422), an empty file (400) and one over 10 MB (413)", async () => {
    const ticket = await desk.build.ticket();
    const adminsFile = (await (await upload(desk.admin, 'mine.txt', 'admin only')).json()) as UploadedFile;
    const taken = await desk.agent.request(`/api/v1/helpdesk/tickets/${ticket.id}/messages`, {
      method: 'POST',
      json: { body: 'See attached', internal: true, attachmentIds: [adminsFile.id] },
    });
    expect(taken.status).toBe(422);
    expect((await upload(desk.agent, 'empty.txt', '')).status).toBe(400);
    expect((await upload(desk.agent, 'big.bin', new Uint8Array(10 * 1024 * 1024 + 1))).status).toBe(413);
  });
});

describe('mail in through the raw-MIME endpoint (issue 21)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  let script: SessionClient;
  beforeAll(async () => {
    desk = await helpDesk('Raw Mail Co');
    script = tokenClient(server, (await desk.build.apiToken(['helpdesk:manage'])).token);
  });

  const raw = (headers: Record<string, string>, body = 'Hello there') =>
    `${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n')}\r\n\r\n${body}\r\n`;

  const post = (client: SessionClient, mail: string) =>
    client.request('/api/v1/helpdesk/inbound-mail', {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: mail,
    });

  it('takes a raw message once: the same Message-ID again stores nothing', async () => {
    const mail = raw({
      From: 'Ida <ida@customer.test>',
      To: desk.address,
      Subject: `Twice ${randomUUID()}`,
      'Message-ID': `<twice-${randomUUID()}@customer.test>`,
    });
    const first = await post(script, mail);
    expect(first.status).toBe(201);
    const created = (await first.json()) as InboundMailResult;
    expect(created).toMatchObject({ outcome: 'ticket', duplicate: false });
    const again = await post(script, mail);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    const ticket = await details(desk.admin, created.ticketId!);
    expect(ticket.messages).toHaveLength(1);
  });

  it('opens nothing for an auto-reply or a bounce, and lists them as ignored', async () => {
    const automatic: Record<string, string>[] = [
      { 'Auto-Submitted': 'auto-replied' },
      { 'Content-Type': 'multipart/report; report-type=delivery-status; boundary="b"' },
    ];
    for (const headers of automatic) {
      const subject = `Out of office ${randomUUID()}`;
      const response = await post(
        script,
        raw({
          From: 'robot@customer.test',
          To: desk.address,
          Subject: subject,
          'Message-ID': `<${randomUUID()}@x.test>`,
          ...headers,
        }),
      );
      expect(await response.json()).toMatchObject({ outcome: 'ignored', ticketId: null });
      const page = await send<TicketListResponse>(
        desk.admin,
        'GET',
        `/api/v1/helpdesk/tickets?view=all&q=${encodeURIComponent(subject)}`,
      );
      expect(page.data).toHaveLength(0);
    }
    const ignored = await send<InboundMailListResponse>(
      desk.admin,
      'GET',
      '/api/v1/helpdesk/inbound-mail?outcome=ignored',
    );
    expect(ignored.data.map((mail) => mail.reason)).toEqual([
      expect.stringContaining('bounce'),
      expect.stringContaining('automatic reply'),
    ]);
  });

  it('threads by "[#n]" in the subject from the ticket\'s own customer only', async () => {
    const opened = (await (
      await post(
        script,
        raw({
          From: 'kim@customer.test',
          To: desk.address,
          Subject: `Broken ${randomUUID()}`,
          'Message-ID': `<${randomUUID()}@c.test>`,
        }),
      )
    ).json()) as InboundMailResult;
    const { number } = await details(desk.admin, opened.ticketId!);
    const same = (await (
      await post(
        script,
        raw(
          {
            From: 'KIM@customer.test',
            To: desk.address,
            Subject: `Re: [#${number}] Broken`,
            'Message-ID': `<${randomUUID()}@c.test>`,
          },
          'More detail',
        ),
      )
    ).json()) as InboundMailResult;
    expect(same).toMatchObject({ outcome: 'reply', ticketId: opened.ticketId });
    const stranger = (await (
      await post(
        script,
        raw({
          From: 'eve@elsewhere.test',
          To: desk.address,
          Subject: `Re: [#${number}] Broken`,
          'Message-ID': `<${randomUUID()}@c.test>`,
        }),
      )
    ).json()) as InboundMailResult;
    expect(stranger.outcome).toBe('ticket');
    expect(stranger.ticketId).not.toBe(opened.ticketId);
  });

  it('opens a new ticket for a reply to a ticket closed more than 7 days ago', async () => {
    const firstId = `<${randomUUID()}@c.test>`;
    const opened = (await (
      await post(
        script,
        raw({ From: 'old@customer.test', To: desk.address, Subject: 'Old issue', 'Message-ID': firstId }),
      )
    ).json()) as InboundMailResult;
    const ticket = await details(desk.admin, opened.ticketId!);
    await send(desk.admin, 'PATCH', `/api/v1/helpdesk/tickets/${ticket.id}`, {
      status: 'closed',
      version: ticket.version,
    });
    await overwrite(server, schema.tickets, ticket.id, { closedAt: new Date(Date.now() - 8 * 86_400_000) });
    const late = (await (
      await post(
        script,
        raw({
          From: 'old@customer.test',
          To: desk.address,
          Subject: 'Re: Old issue',
          'Message-ID': `<${randomUUID()}@c.test>`,
          'In-Reply-To': firstId,
        }),
      )
    ).json()) as InboundMailResult;
    expect(late.outcome).toBe('ticket');
    expect(late.ticketId).not.toBe(ticket.id);
    expect((await details(desk.admin, ticket.id)).status).toBe('closed');
  });

  it('keeps a mail it cannot read as failed, with its raw message to download and try again', async () => {
    const junk = 'this is not an email at all';
    const response = await post(script, junk);
    expect(await response.json()).toMatchObject({ outcome: 'failed' });
    const failed = await send<InboundMailListResponse>(
      desk.admin,
      'GET',
      '/api/v1/helpdesk/inbound-mail?outcome=failed',
    );
    const [kept] = failed.data;
    expect(kept).toMatchObject({ outcome: 'failed', hasRaw: true, source: 'api' });
    const download = await desk.admin.request(`/api/v1/helpdesk/inbound-mail/${kept!.id}/raw`);
    expect(await download.text()).toBe(junk);
    const retried = await desk.admin.request(`/api/v1/helpdesk/inbound-mail/${kept!.id}/retry`, {
      method: 'POST',
    });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ outcome: 'failed' });
  });

  it('needs helpdesk:manage: an agent token is refused (403), no token 401', async () => {
    const agentToken = await fixtures(desk.agent).apiToken(['helpdesk:view']);
    const refused = await post(
      tokenClient(server, agentToken.token),
      raw({ From: 'a@b.test', Subject: 'x' }),
    );
    expect(refused.status).toBe(403);
    const anonymous = await server.request('/api/v1/helpdesk/inbound-mail', {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: raw({ From: 'a@b.test', Subject: 'x' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('formatted replies and notes (issue 21)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Mail Format Co');
  });

  const post = (client: SessionClient, ticketId: string, json: Record<string, unknown>) =>
    client.request(`/api/v1/helpdesk/tickets/${ticketId}/messages`, { method: 'POST', json });

  it('stores the html sanitised with its text as the body, finds it by a word, and emails it as text and html', async () => {
    const customer = `ada-${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await desk.build.ticket({ customerEmail: customer, subject: `Format ${randomUUID()}` });
    const word = `zebrafish${randomUUID().slice(0, 6)}`;
    const html = [
      `<p onclick="steal()">Please <strong>restart</strong> the ${word} <script>alert(1)</script>server.</p>`,
      '<ul><li><p>Open <a href="javascript:alert(1)">settings</a></p></li><li><p>Press save</p></li></ul>',
      '<p><a href="https://help.example.com/restart" target="_self">The guide</a><img src="https://tracker.test/p.gif"></p>',
    ].join('');

    const reply = await send<TicketMessageResult>(
      desk.agent,
      'POST',
      `/api/v1/helpdesk/tickets/${ticket.id}/messages`,
      { body: 'whatever the client thought the text was', html, internal: false },
      201,
    );
    const stored = (await details(desk.agent, ticket.id)).messages.find((m) => m.id === reply.message.id)!;
    expect(stored.html).toBe(
      `<p>Please <strong>restart</strong> the ${word} server.</p>` +
        '<ul><li><p>Open <a rel="noopener noreferrer nofollow" target="_blank">settings</a></p></li><li><p>Press save</p></li></ul>' +
        '<p><a href="https://help.example.com/restart" target="_blank" rel="noopener noreferrer nofollow">The guide</a></p>',
    );
    expect(stored.body).toBe(
      `Please restart the ${word} server.\n\n- Open settings\n- Press save\n\nThe guide [https://help.example.com/restart]`,
    );
    expect(reply.message).toMatchObject({ html: stored.html, body: stored.body });

    const found = await send<TicketListResponse>(
      desk.agent,
      'GET',
      `/api/v1/helpdesk/tickets?view=all&q=${word}`,
    );
    expect(found.data.map((row) => row.id)).toEqual([ticket.id]);

    const [mail] = await outgoing.mailTo(customer);
    expect(mail!.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail!.text?.trim()).toBe(stored.body);
    expect(mail!.html).toContain(`<p>Please <strong>restart</strong> the ${word} server.</p>`);
    expect(mail!.html).toContain('<li><p>Press save</p></li>');
    expect(mail!.html).not.toMatch(/script|onclick|javascript:|tracker\.test/);
  });

  it('keeps a plain reply text only', async () => {
    const customer = `bo-${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await desk.build.ticket({ customerEmail: customer });
    expect((await post(desk.agent, ticket.id, { body: 'Plain words.' })).status).toBe(201);
    const [mail] = await outgoing.mailTo(customer);
    expect(mail!.text?.trim()).toBe('Plain words.');
    expect(mail!.html).toBe(false);
  });

  it('never emails a formatted internal note, and keeps its formatting', async () => {
    const customer = `cy-${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await desk.build.ticket({ customerEmail: customer });
    const note = await send<TicketMessageResult>(
      desk.agent,
      'POST',
      `/api/v1/helpdesk/tickets/${ticket.id}/messages`,
      { body: 'x', html: '<p>Customer is on the <em>legacy</em> plan</p>', internal: true },
      201,
    );
    expect(note.message).toMatchObject({
      internal: true,
      email: null,
      html: '<p>Customer is on the <em>legacy</em> plan</p>',
      body: 'Customer is on the legacy plan',
    });
    // A reply after it is the first mail the customer gets.
    expect((await post(desk.agent, ticket.id, { body: 'On it.' })).status).toBe(201);
    const mails = await outgoing.mailTo(customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('legacy');
  });

  it('refuses html with no text the way it refuses an empty body', async () => {
    const ticket = await desk.build.ticket();
    const empty = await post(desk.agent, ticket.id, { body: '   ' });
    const onlyScript = await post(desk.agent, ticket.id, {
      body: 'the client saw text',
      html: '<p><script>alert(1)</script></p><ul><li><p> </p></li></ul><img src="x">',
    });
    expect(empty.status).toBe(400);
    expect(onlyScript.status).toBe(empty.status);
    const [emptyError, scriptError] = await Promise.all(
      [empty, onlyScript].map(async (response) => ((await response.json()) as ErrorBody).error),
    );
    expect(scriptError).toMatchObject({ code: 'validation_failed', fields: { body: 'Write a message' } });
    expect(scriptError!.fields).toEqual(emptyError!.fields);
    expect((await details(desk.agent, ticket.id)).messages).toHaveLength(1);
  });
});
