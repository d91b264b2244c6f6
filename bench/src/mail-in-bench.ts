import nodemailer from 'nodemailer';
import { percentile, round, spread, type Spread } from './stats';

/**
 * Issue 21: how long a customer's mail takes to become a ticket an agent can see, while mail keeps
 * arriving at a steady rate. Messages go over real SMTP to the server's own receiver
 * (INBOUND_SMTP_PORT), one connection each, as separate senders' mail servers would deliver them, at
 * a fixed rate whether or not earlier ones were answered: a message that waits behind others must
 * count, however long it waits.
 *
 * Each message's clock starts just before it is handed to the SMTP client. Once the receiver has
 * accepted it, the bench searches the ticket queue for the message's unique subject word, as an agent
 * would, until a ticket comes back; the time that answer arrived is when the ticket was visible. The
 * receiver stores the ticket before it answers 250, so the first search normally finds it and the
 * figure is the SMTP delivery plus one search; when it does not, the figure is late by at most one
 * pause between searches. The ticket's own created_at is not used: it is taken at the start of the
 * storing transaction, before anyone can see the ticket.
 */
export type MailInOptions = {
  name: string;
  baseUrl: string;
  cookie: string;
  smtpPort: number;
  messagesPerSecond: number;
  seconds: number;
  runs: number;
};

export type MailInResult = {
  name: string;
  /** The workspace's address the messages were sent to, as the server names it. */
  inboundAddress: string;
  messagesPerSecond: number;
  seconds: number;
  /** Accepted messages over the time from the first message's start to the last one's acceptance. */
  achievedPerSecond: Spread;
  /** From just before sending to the receiver's 250 (ms). */
  accepted: { p50: Spread };
  /** From just before sending to the first search answer that shows the ticket (ms). */
  visible: { p50: Spread; p95: Spread; max: Spread };
  messages: number;
  /** Messages the receiver refused, or whose ticket did not show within `visibleWithinMs`. */
  failures: number;
};

/** The pause between two searches for a ticket not yet visible. */
const searchEveryMs = 20;
/** A message whose ticket has not shown by then counts as a failure. */
const visibleWithinMs = 30_000;

/** performance.now() instants of one message. */
type Timing = { startedAt: number; acceptedAt: number; visibleAt: number };
type RunFigures = {
  achievedPerSecond: number;
  accepted: number[];
  visible: number[];
  messages: number;
  failures: number;
};

async function ticketShows(options: MailInOptions, word: string): Promise<boolean> {
  const response = await fetch(
    `${options.baseUrl}/api/v1/helpdesk/tickets?view=all&q=${encodeURIComponent(word)}&limit=1`,
    { headers: { cookie: options.cookie, accept: 'application/json' } },
  );
  if (!response.ok) throw new Error(`the ticket search answered ${response.status}`);
  const page = (await response.json()) as { data: unknown[] };
  return page.data.length > 0;
}

async function deliver(
  options: MailInOptions,
  to: string,
  word: string,
  sender: number,
): Promise<Timing | undefined> {
  // No pool: each message on its own connection, as mail from different senders arrives.
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: options.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const started = performance.now();
  try {
    await transport.sendMail({
      from: { name: `Bench customer ${sender}`, address: `customer${sender}@customers.bench.test` },
      to,
      subject: `Mail-in ${word}: the invoice for last month is missing`,
      text: `Hello,\n\nI cannot find last month's invoice in my account (${word}).\n\nThanks`,
      messageId: `<${word}@customers.bench.test>`,
    });
  } catch {
    return undefined;
  } finally {
    transport.close();
  }
  const acceptedAt = performance.now();
  for (;;) {
    if (await ticketShows(options, word)) {
      return { startedAt: started, acceptedAt, visibleAt: performance.now() };
    }
    if (performance.now() > started + visibleWithinMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, searchEveryMs));
  }
}

async function runOnce(options: MailInOptions, to: string, run: number): Promise<RunFigures> {
  const count = Math.max(1, Math.round(options.messagesPerSecond * options.seconds));
  const everyMs = 1000 / options.messagesPerSecond;
  // Unique per message across runs and bench runs (the data is kept): a word no other ticket has.
  const prefix = `mailin${Date.now().toString(36)}r${run}m`;
  const start = performance.now();
  const deliveries: Promise<Timing | undefined>[] = [];
  for (let index = 0; index < count; index += 1) {
    // Each message at its due time, so a late one does not push the rest back.
    const wait = start + index * everyMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    deliveries.push(deliver(options, to, `${prefix}${index}`, index % 50));
  }
  const timings = (await Promise.all(deliveries)).filter((timing) => timing !== undefined);
  const lastAcceptedAt = Math.max(start, ...timings.map((timing) => timing.acceptedAt));
  const sortedMs = (until: (timing: Timing) => number) =>
    timings.map((timing) => until(timing) - timing.startedAt).sort((a, b) => a - b);
  return {
    achievedPerSecond: timings.length / Math.max((lastAcceptedAt - start) / 1000, 0.001),
    accepted: sortedMs((timing) => timing.acceptedAt),
    visible: sortedMs((timing) => timing.visibleAt),
    messages: count,
    failures: count - timings.length,
  };
}

export async function measureMailIn(options: MailInOptions): Promise<MailInResult> {
  const settings = await fetch(`${options.baseUrl}/api/v1/helpdesk/mail-settings`, {
    headers: { cookie: options.cookie, accept: 'application/json' },
  });
  if (!settings.ok) throw new Error(`GET /api/v1/helpdesk/mail-settings answered ${settings.status}`);
  const { inboundAddress, receiverOn } = (await settings.json()) as {
    inboundAddress: string;
    receiverOn: boolean;
  };
  if (!receiverOn) throw new Error('the server runs no SMTP receiver (INBOUND_SMTP_PORT)');
  // Once before measuring, as the endpoints are: the first message pays for plans and caches.
  const warmUp = await deliver(options, inboundAddress, `mailinwarm${Date.now().toString(36)}`, 0);
  if (!warmUp) throw new Error(`a message to ${inboundAddress} did not become a ticket`);
  const runs: RunFigures[] = [];
  for (let run = 0; run < options.runs; run += 1) runs.push(await runOnce(options, inboundAddress, run));
  return {
    name: options.name,
    inboundAddress,
    messagesPerSecond: options.messagesPerSecond,
    seconds: options.seconds,
    achievedPerSecond: spread(runs.map((r) => round(r.achievedPerSecond))),
    accepted: { p50: spread(runs.map((r) => round(percentile(r.accepted, 0.5)))) },
    visible: {
      p50: spread(runs.map((r) => round(percentile(r.visible, 0.5)))),
      p95: spread(runs.map((r) => round(percentile(r.visible, 0.95)))),
      max: spread(runs.map((r) => round(r.visible.at(-1) ?? Number.NaN))),
    },
    messages: runs.reduce((sum, r) => sum + r.messages, 0),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
  };
}
