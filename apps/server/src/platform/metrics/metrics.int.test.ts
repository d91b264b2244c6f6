import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignContent } from '@atrium/shared';
import { draftEmailCampaign } from '../../testing/campaign-fixture';
import { openEventStream } from '../../testing/event-stream-client';
import { signUpConfirmed } from '../../testing/session-client';
import { SmtpRefusal, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { unmatchedRoute } from './metrics';

// Issue 24: GET /api/metrics for Prometheus, off unless METRICS_TOKEN is set.

const token = 'metrics-token-0123456789abcdef';
/** Mail to these addresses is rejected (5xx) by the listener. */
const refused = new Set<string>();

let sink: SmtpSink;
let server: TestServer;
/** Another app in the same process, without METRICS_TOKEN (its own database: it works no jobs of the first). */
let plain: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink({
    answer: (mail) => {
      if (refused.has(mail.envelope.to[0] ?? '')) throw new SmtpRefusal(550, 'No such mailbox');
    },
  });
  server = await startTestServer({
    METRICS_TOKEN: token,
    SMTP_URL: sink.url,
    INBOUND_MAIL_DOMAIN: 'mail.atrium.test',
  });
  plain = await startTestServer();
});

afterAll(async () => {
  await plain?.close();
  await server?.close();
  await sink?.close();
});

type Labels = Record<string, string>;

/** The samples of one metric in Prometheus' text format, with their labels. */
function samplesOf(text: string, name: string): { labels: Labels; value: number }[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]),
    );
    return [{ labels, value: Number(match[3]) }];
  });
}

/** The sum of the metric's samples whose labels include `labels`; undefined when it has none. */
function valueOf(text: string, name: string, labels: Labels = {}): number | undefined {
  const matching = samplesOf(text, name).filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** Scrapes until `done` holds for the figures (they change as jobs and streams get there), or fails. */
async function scrapeUntil(done: (text: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const text = await scrape();
    if (done(text)) return text;
    if (Date.now() > deadline) throw new Error(`metrics never showed ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const response = await fetch(`${plain.baseUrl}/api/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it.each([
    ['no token', {}],
    ['a wrong token of the same length', { authorization: `Bearer ${token.replace(/.$/, 'x')}` }],
    ['a wrong token of another length', { authorization: 'Bearer nope' }],
    ['the token in another scheme', { authorization: `Basic ${token}` }],
    ['the token with something after it', { authorization: `Bearer ${token} x` }],
  ])('answers 401 to %s', async (_, headers: Record<string, string>) => {
    const response = await fetch(`${server.baseUrl}/api/metrics`, { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('counts and times requests by route pattern, never by the path asked for', async () => {
    const route = { method: 'GET', route: '/api/v1/invitations/:id' };
    const before = await scrape();
    const ids = [randomUUID(), randomUUID()];
    const statuses = [];
    for (const id of ids) statuses.push((await server.request(`/api/v1/invitations/${id}`)).status);
    const unknown = `/api/v1/nothing-here-${randomUUID()}`;
    expect((await server.request(unknown)).status).toBe(404);
    const status = String(statuses[0]);
    expect(statuses).toEqual([statuses[0], statuses[0]]);

    const after = await scrape();
    const grew = (name: string, labels: Labels) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(grew('atrium_http_requests_total', { ...route, status })).toBe(2);
    expect(grew('atrium_http_request_duration_seconds_count', { ...route, status })).toBe(2);
    expect(grew('atrium_http_request_duration_seconds_bucket', { ...route, status, le: '+Inf' })).toBe(2);
    expect(valueOf(after, 'atrium_http_request_duration_seconds_sum', { ...route, status })).toBeGreaterThan(
      0,
    );
    expect(grew('atrium_http_requests_total', { method: 'GET', route: unmatchedRoute, status: '404' })).toBe(
      1,
    );
    for (const id of ids) expect(after).not.toContain(id);
    expect(after).not.toContain(unknown);
    // The scrape before this one was counted too.
    expect(valueOf(after, 'atrium_http_requests_total', { route: '/api/metrics' })).toBeGreaterThan(0);
  });

  it('counts only its own app: another app in the same process keeps its own figures', async () => {
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    const before = valueOf(await scrape(), 'atrium_http_requests_total', live) ?? 0;
    expect((await plain.request('/api/health/live')).status).toBe(200);
    expect(valueOf(await scrape(), 'atrium_http_requests_total', live) ?? 0).toBe(before);
    expect((await server.request('/api/health/live')).status).toBe(200);
    expect(valueOf(await scrape(), 'atrium_http_requests_total', live)).toBe(before + 1);
  });

  it('shows the process: memory, CPU, event loop', async () => {
    const text = await scrape();
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(valueOf(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
  });

  it('shows the database and, on PostgreSQL, how busy its connection pools are', async () => {
    const { kind } = server.platform.database;
    const text = await scrape();
    expect(valueOf(text, 'atrium_database_info', { kind })).toBe(1);
    if (kind === 'postgres') {
      // openTestDatabase's pool size.
      expect(valueOf(text, 'atrium_db_pool_max_connections', { pool: 'main' })).toBe(4);
      expect(valueOf(text, 'atrium_db_pool_connections', { pool: 'main' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'atrium_db_pool_idle_connections', { pool: 'main' })).toBeDefined();
      expect(valueOf(text, 'atrium_db_pool_waiting_queries', { pool: 'main' })).toBe(0);
    } else {
      expect(valueOf(text, 'atrium_db_pool_connections')).toBeUndefined();
    }
  });

  it('counts the event streams open on this process', async () => {
    const { client } = await signUpConfirmed(server, sink);
    const streams = (text: string) => valueOf(text, 'atrium_event_streams');
    const before = streams(await scrape())!;
    const stream = await openEventStream(`${server.baseUrl}/api/v1/events`, { cookie: client.cookie });
    expect(stream.response.status).toBe(200);
    await scrapeUntil((text) => streams(text) === before + 1, 'the stream open');
    stream.close();
    await scrapeUntil((text) => streams(text) === before, 'the stream closed');
  });

  it('counts mail the SMTP server took and refused, and the failed delivery job', async () => {
    const sent = { kind: 'transactional' };
    const before = await scrape();
    const taken = `taken-${randomUUID()}@example.com`;
    const rejected = `rejected-${randomUUID()}@example.com`;
    refused.add(rejected);
    await server.platform.mailer.send({ to: taken, subject: 'Hello', text: 'Taken' });
    await server.platform.mailer.send({ to: rejected, subject: 'Hello', text: 'Refused' });
    await sink.mailTo(taken);
    const grew = (text: string, name: string, labels: Labels) =>
      (valueOf(text, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    const after = await scrapeUntil(
      (text) =>
        grew(text, 'atrium_mail_sent_total', sent) >= 1 &&
        grew(text, 'atrium_mail_failed_total', sent) >= 1 &&
        grew(text, 'atrium_job_failures_total', { queue: 'mail.deliver' }) >= 1,
      'the mail counted',
    );
    expect(grew(after, 'atrium_mail_sent_total', sent)).toBe(1);
    expect(grew(after, 'atrium_mail_failed_total', sent)).toBe(1);
    // The refused message waits for its retry.
    expect(valueOf(after, 'atrium_jobs', { queue: 'mail.deliver', state: 'retry' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('counts campaign messages sent and refused', async () => {
    const owner = await signUpConfirmed(server, sink);
    const tenantId = owner.me.workspace!.id;
    const domain = `${randomUUID().slice(0, 8)}.example`;
    refused.add(`lead-1@${domain}`);
    const content: CampaignContent = {
      subject: 'News',
      previewText: 'News',
      blocks: [{ type: 'text', id: 't1', text: 'Hello.' }],
      text: null,
    };
    const campaign = await draftEmailCampaign(server.platform.database.db, {
      tenantId,
      createdBy: owner.me.employeeId,
      domain,
      audience: 3,
      content,
    });

    const kind = { kind: 'campaign' };
    const before = await scrape();
    const grew = (text: string, name: string) =>
      (valueOf(text, name, kind) ?? 0) - (valueOf(before, name, kind) ?? 0);
    const started = await owner.client.request(`/api/v1/marketing/campaigns/${campaign.campaignId}/send`, {
      method: 'POST',
      json: { version: campaign.version },
    });
    expect(started.status).toBe(200);
    const after = await scrapeUntil(
      (text) => grew(text, 'atrium_mail_sent_total') >= 2 && grew(text, 'atrium_mail_failed_total') >= 1,
      'the campaign counted',
    );
    expect(grew(after, 'atrium_mail_sent_total')).toBe(2);
    expect(grew(after, 'atrium_mail_failed_total')).toBe(1);
  });

  it('shows every registered queue with its jobs per state', async () => {
    const text = await scrape();
    for (const state of ['created', 'retry', 'active', 'failed']) {
      expect(valueOf(text, 'atrium_jobs', { queue: 'marketing.campaign-send', state })).toBeDefined();
    }
  });
});
