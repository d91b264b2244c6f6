import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  type ApplyMacroResult,
  type Macro,
  type MacroList,
  type TicketDetails,
} from '@atrium/shared';
import { expectJson, fixtures, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const macros = '/api/v1/helpdesk/macros';
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

async function send(client: SessionClient, method: string, path: string, json?: unknown) {
  return client.request(path, { method, ...(json === undefined ? {} : { json }) });
}

const applyMacro = (client: SessionClient, ticket: TicketDetails, macroId: string) =>
  send(client, 'POST', `/api/v1/helpdesk/tickets/${ticket.id}/apply-macro`, {
    macroId,
    version: ticket.version,
  });

describe('help desk macros (issue 21)', () => {
  let admin: SessionClient;
  let manager: SessionClient;
  let agent: SessionClient;
  let agentId: string;
  let agentName: string;
  let managerId: string;
  let build: ReturnType<typeof fixtures>;

  beforeAll(async () => {
    const owner = await signUp(server, { companyName: 'Macros Co' });
    admin = owner.client;
    build = fixtures(admin);
    const managing = await addMember(server, admin, 'manager');
    manager = managing.client;
    managerId = managing.me.employeeId!;
    const working = await addMember(server, admin, 'employee');
    agent = working.client;
    agentId = working.me.employeeId!;
    agentName = working.me.user.name;
  });

  const create = async (client: SessionClient, json: object, status = 201) => {
    const response = await send(client, 'POST', macros, json);
    expect(response.status, await response.clone().text()).toBe(status);
    return response;
  };

  it('saves, lists by name, edits with the version and deletes a macro', async () => {
    const name = unique('Zz refund');
    const created = await expectJson<Macro>(
      await create(manager, {
        name,
        body: 'Hello {{ customer.name }}',
        actions: { status: 'pending', addTags: ['refund', 'refund'] },
      }),
      201,
    );
    expect(created).toMatchObject({
      name,
      body: 'Hello {{ customer.name }}',
      actions: { status: 'pending', addTags: ['refund'] },
      version: 1,
    });
    const earlier = await expectJson<Macro>(
      await create(manager, { name: unique('Aa first'), body: 'Hi' }),
      201,
    );
    const list = await expectJson<MacroList>(await send(agent, 'GET', macros), 200);
    const names = list.data.map((macro) => macro.name);
    expect(names.indexOf(earlier.name)).toBeLessThan(names.indexOf(name));

    const edited = await expectJson<Macro>(
      await send(manager, 'PATCH', `${macros}/${created.id}`, { body: 'Bye {{ agent.name }}', version: 1 }),
      200,
    );
    expect(edited).toMatchObject({ name, body: 'Bye {{ agent.name }}', version: 2 });
    const stale = await send(manager, 'PATCH', `${macros}/${created.id}`, { name: 'Stale', version: 1 });
    expect(stale.status).toBe(412);

    expect((await send(manager, 'DELETE', `${macros}/${created.id}`)).status).toBe(204);
    expect((await send(manager, 'DELETE', `${macros}/${created.id}`)).status).toBe(404);
    const after = await expectJson<MacroList>(await send(agent, 'GET', macros), 200);
    expect(after.data.map((macro) => macro.id)).not.toContain(created.id);
  });

  it('refuses a second macro of the same name (409 on the name)', async () => {
    const name = unique('Duplicate');
    await create(manager, { name, body: 'One' });
    const again = await create(manager, { name: `  ${name} `, body: 'Two' }, 409);
    expect((await errorOf(again)).fields).toEqual({ name: 'Choose another name' });
    const other = await expectJson<Macro>(await create(manager, { name: unique('Other'), body: 'x' }), 201);
    const renamed = await send(manager, 'PATCH', `${macros}/${other.id}`, { name, version: other.version });
    expect(renamed.status).toBe(409);
  });

  it('refuses unknown placeholders and filters, file access, an empty macro and a stranger as assignee', async () => {
    for (const body of [
      'Hi {{ customer.nmae }}',
      'Hi {{ customer.name | shout }}',
      '{% include "/etc/passwd" %}',
      '{% render "secrets" %}',
      'Hi {{ customer.name',
    ]) {
      const refused = await create(manager, { name: unique('Bad'), body }, 422);
      expect(Object.keys((await errorOf(refused)).fields ?? {}), body).toEqual(['body']);
    }
    const empty = await create(manager, { name: unique('Empty') }, 400);
    expect((await errorOf(empty)).fields).toHaveProperty('body');
    const stranger = await create(
      manager,
      { name: unique('Stranger'), actions: { assignee: crypto.randomUUID() } },
      422,
    );
    expect((await errorOf(stranger)).fields).toEqual({ 'actions.assignee': 'Choose an agent from the list' });
    const badStatus = await create(manager, { name: unique('Status'), actions: { status: 'done' } }, 400);
    expect((await errorOf(badStatus)).fields).toHaveProperty(['actions.status']);
  });

  it('lets agents read and apply macros, but not write them (403)', async () => {
    const refused = await send(agent, 'POST', macros, { name: unique('Agent'), body: 'x' });
    expect(refused.status).toBe(403);
    const macro = await expectJson<Macro>(await create(manager, { name: unique('Managed'), body: 'x' }), 201);
    const patch = await send(agent, 'PATCH', `${macros}/${macro.id}`, {
      name: 'Mine',
      version: macro.version,
    });
    expect(patch.status).toBe(403);
    expect((await send(agent, 'DELETE', `${macros}/${macro.id}`)).status).toBe(403);
  });

  it('fills in the placeholders and applies the actions, saved and logged', async () => {
    const macro = await expectJson<Macro>(
      await create(manager, {
        name: unique('Waiting'),
        body: 'Hello {{ customer.name }}, about #{{ ticket.number }} ({{ ticket.subject }}): {{ agent.name }}',
        actions: { status: 'pending', priority: 'high', assignee: 'me', addTags: ['waiting', 'vip'] },
      }),
      201,
    );
    const ticket = await build.ticket({
      customerName: 'Jordan Rivera',
      subject: 'Printer on fire',
      tags: ['vip'],
    });
    const applied = await expectJson<ApplyMacroResult>(await applyMacro(agent, ticket, macro.id), 200);
    expect(applied.body).toBe(`Hello Jordan Rivera, about #${ticket.number} (Printer on fire): ${agentName}`);
    expect(applied.ticket).toMatchObject({
      status: 'pending',
      priority: 'high',
      tags: ['vip', 'waiting'],
      version: ticket.version + 1,
    });
    expect(applied.ticket.assignee?.id).toBe(agentId);
    const reread = await expectJson<TicketDetails>(
      await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}`),
      200,
    );
    expect(reread).toMatchObject({ status: 'pending', priority: 'high', tags: ['vip', 'waiting'] });
    // The reply is the agent's to send: nothing was added to the conversation.
    expect(reread.messages).toHaveLength(ticket.messages.length);
    const activity = await expectJson<{ data: { entityId: string; summary: string }[] }>(
      await admin.request('/api/v1/activity?limit=50'),
      200,
    );
    expect(
      activity.data.some((entry) => entry.entityId === ticket.id && /updated ticket/.test(entry.summary)),
    ).toBe(true);

    // The version the agent read is now stale.
    expect((await applyMacro(agent, ticket, macro.id)).status).toBe(412);
  });

  it('keeps the assignment rules: an agent may not give a ticket to someone else (403)', async () => {
    const macro = await expectJson<Macro>(
      await create(manager, { name: unique('To manager'), body: 'x', actions: { assignee: managerId } }),
      201,
    );
    const ticket = await build.ticket();
    expect((await applyMacro(agent, ticket, macro.id)).status).toBe(403);
    const unchanged = await expectJson<TicketDetails>(
      await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}`),
      200,
    );
    expect(unchanged.assignee).toBeNull();
    const applied = await expectJson<ApplyMacroResult>(await applyMacro(manager, ticket, macro.id), 200);
    expect(applied.ticket.assignee?.id).toBe(managerId);
  });

  it('answers 404 for a macro or ticket that is not there', async () => {
    const ticket = await build.ticket();
    expect((await applyMacro(agent, ticket, crypto.randomUUID())).status).toBe(404);
    const macro = await expectJson<Macro>(await create(manager, { name: unique('Lost'), body: 'x' }), 201);
    const missing = await send(agent, 'POST', `/api/v1/helpdesk/tickets/${crypto.randomUUID()}/apply-macro`, {
      macroId: macro.id,
      version: 1,
    });
    expect(missing.status).toBe(404);
  });
});
