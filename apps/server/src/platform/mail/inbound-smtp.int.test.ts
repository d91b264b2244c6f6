import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { parseInboundMessage } from './inbound-message';
import { startInboundSmtp, type InboundSmtp } from './inbound-smtp';

const workspaces: Record<string, string> = { 'acme-demo': 'workspace-a', 'beta-co': 'workspace-b' };
const stored: { workspaceId: string; raw: Buffer }[] = [];
let failNext = false;
let receiver: InboundSmtp;

beforeAll(async () => {
  receiver = await startInboundSmtp({
    host: '127.0.0.1',
    port: 0,
    domain: 'support.example.com',
    maxBytes: 64 * 1024,
    workspaceForSlug: async (slug) => workspaces[slug] ?? null,
    receive: async (workspaceId, raw) => {
      if (failNext) {
        failNext = false;
        throw new Error('database unavailable');
      }
      stored.push({ workspaceId, raw });
    },
    logger: createLogger({ level: 'silent' }),
  });
});
afterAll(() => receiver.close());

/** A real SMTP client, as a mail server forwarding support mail would be. */
function send(message: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: receiver.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({
    from: 'Ada Customer <ada@example.com>',
    subject: 'Printer jammed',
    text: 'Help!',
    ...message,
  });
}

describe('the inbound SMTP receiver', () => {
  it('hands mail for a workspace address to that workspace, whole', async () => {
    stored.length = 0;
    await send({ to: 'ACME-Demo@Support.Example.com', messageId: '<first@example.com>' });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.workspaceId).toBe('workspace-a');
    const parsed = await parseInboundMessage(stored[0]!.raw);
    expect(parsed).toMatchObject({
      subject: 'Printer jammed',
      messageId: 'first@example.com',
      visibleText: 'Help!',
    });
  });

  it('stores a message once per workspace it is addressed to', async () => {
    stored.length = 0;
    await send({
      to: ['acme-demo@support.example.com', 'beta-co@support.example.com'],
      cc: 'acme-demo@support.example.com',
    });
    expect(stored.map((message) => message.workspaceId).sort()).toEqual(['workspace-a', 'workspace-b']);
  });

  it('refuses an unknown workspace and another domain at RCPT time, so it never relays', async () => {
    stored.length = 0;
    await expect(send({ to: 'nobody@support.example.com' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(send({ to: 'acme-demo@elsewhere.example' })).rejects.toMatchObject({ responseCode: 550 });
    expect(stored).toHaveLength(0);
  });

  it('takes the valid recipients of a message that also names an unknown one', async () => {
    stored.length = 0;
    const info = await send({ to: ['acme-demo@support.example.com', 'nobody@support.example.com'] });
    expect(info.rejected).toEqual(['nobody@support.example.com']);
    expect(stored.map((message) => message.workspaceId)).toEqual(['workspace-a']);
  });

  it('refuses a message over the size limit', async () => {
    stored.length = 0;
    await expect(
      send({ to: 'acme-demo@support.example.com', text: 'x'.repeat(100 * 1024) }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(stored).toHaveLength(0);
  });

  it('asks the sender to try again when the message cannot be stored, and takes it then', async () => {
    stored.length = 0;
    failNext = true;
    await expect(send({ to: 'acme-demo@support.example.com' })).rejects.toMatchObject({ responseCode: 451 });
    await send({ to: 'acme-demo@support.example.com' });
    expect(stored).toHaveLength(1);
  });
});
