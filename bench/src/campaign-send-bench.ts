import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type pg from 'pg';
import { requestOf } from './api-bench';
import { listenForMail } from './mail-listener';
import { percentile, round } from './stats';

/**
 * Issue 23: an email campaign to 10,000 leads through the server's SMTP pool, with the workspace's
 * rate limit off, into a mail server that takes everything at once: how fast the sender goes, and
 * what the campaign screens' lists answer in the meantime.
 *
 * The mail server is a listener in this process (smtp-server) that reads each message to its end,
 * parses nothing and answers 250; the server under test sends to it through SMTP_URL. Each message
 * is counted when its data has arrived, by its recipient, so a recipient sent twice would show.
 */
export type CampaignSink = {
  port: number;
  /** Messages received to addresses at `domain` since the last reset. */
  received(): number;
  distinctRecipients(): number;
  /** performance.now() of the first and last such message since the last reset. */
  firstAt(): number | undefined;
  lastAt(): number | undefined;
  reset(): void;
  close(): Promise<void>;
};

/** The bench leads' addresses: nobody else's mail is counted. */
export const campaignLeadDomain = 'campaign.bench.test';

export async function startCampaignSink(): Promise<CampaignSink> {
  let received = 0;
  let first: number | undefined;
  let last: number | undefined;
  const recipients = new Set<string>();
  const listener = await listenForMail(0, (to) => {
    const ours = to.filter((address) => address.endsWith(`@${campaignLeadDomain}`));
    if (ours.length === 0) return;
    received += 1;
    for (const address of ours) recipients.add(address);
    const now = performance.now();
    first ??= now;
    last = now;
  });
  return {
    port: listener.port,
    received: () => received,
    distinctRecipients: () => recipients.size,
    firstAt: () => first,
    lastAt: () => last,
    reset() {
      received = 0;
      first = undefined;
      last = undefined;
      recipients.clear();
    },
    close: listener.close,
  };
}

export type CampaignSendOptions = {
  name: string;
  baseUrl: string;
  cookie: string;
  tenantId: string;
  /** A superuser client of the server's PostgreSQL: the bench leads are written straight in. */
  client: pg.Client;
  sink: CampaignSink;
  leads: number;
  /** Connections of each list loaded during the send. */
  connections: number;
  /** Requests a second to each list during the send: people looking, not a load test. */
  listRequestsPerSecond: number;
  serverPid: number;
};

type DuringFigures = {
  name: string;
  path: string;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
};

export type CampaignSendResult = {
  name: string;
  leads: number;
  /** Sends the campaign made (its audience after suppressions). */
  recipients: number;
  received: number;
  distinctRecipients: number;
  /** From the send request to the first message's arrival (ms): making the sends and the first batch. */
  firstMessageMs: number;
  /** From the send request to the last message's arrival (ms). */
  lastMessageMs: number;
  /** Messages received over the time to the last one. */
  messagesPerSecond: number;
  /** The same between the first and the last message: the sending loop alone. */
  steadyMessagesPerSecond: number;
  /** Sends not `sent` when the last message arrived or the wait ended. */
  notSent: number;
  /** The server process's CPU time during the send (s), of `lastMessageMs`. */
  serverCpuSeconds: number;
  /** PostgreSQL's statements during the send, from pg_stat_statements: the five it spent most on. */
  sql: { totalMs: number; calls: number; top: { statement: string; calls: number; totalMs: number }[] };
  /** The campaign screens' lists, at a steady rate while it sends. */
  during: DuringFigures[];
  listRequestsPerSecond: number;
  /** Campaign runs the server queued at its start (one per active campaign), waited out before sending. */
  backlog: { jobs: number; waitedSeconds: number };
};

const benchTag = 'bench-send';
const segmentName = 'Bench: campaign send leads';
/** Longer than any send should take: the scenario fails instead of waiting for ever. */
const giveUpAfterMs = 15 * 60_000;

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function apiOf(baseUrl: string, cookie: string): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const url = `${baseUrl}${path}`;
    const request = requestOf(url, cookie, method === 'GET' ? {} : { method: 'POST', body });
    const response = await fetch(url, { ...request, method });
    if (!response.ok) {
      throw new Error(
        `${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      );
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/** The bench's leads, made once and kept with the data: `count` addresses no campaign has bounced. */
async function ensureLeads(client: pg.Client, tenantId: string, count: number) {
  await client.query(
    `insert into leads (tenant_id, email, first_name, last_name, company, source, status, score, tags, custom_fields)
     select $1, 'lead' || g || '@${campaignLeadDomain}', 'Reader' || g, 'Bench', 'Bench ' || (g % 500),
       'Website', 'new', 50, array['${benchTag}'], '{"industry":"Software","companySize":"11-50"}'::jsonb
     from generate_series(1, $2::int) g
     on conflict (tenant_id, email) do nothing`,
    [tenantId, count],
  );
  // An earlier run's suppressions or bounces would shrink the audience.
  await client.query(
    `delete from email_suppressions where tenant_id = $1 and email like '%@${campaignLeadDomain}'`,
    [tenantId],
  );
}

async function ensureSegment(api: Api): Promise<string> {
  const list = await api<{ data: { id: string; name: string }[] }>('GET', '/api/v1/marketing/segments');
  const found = list.data.find((segment) => segment.name === segmentName);
  if (found) return found.id;
  const made = await api<{ id: string }>('POST', '/api/v1/marketing/segments', {
    name: segmentName,
    description: 'The leads the bench sends its campaign to',
    rules: {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ field: 'tags', match: 'any', values: [benchTag] }] }],
    },
  });
  return made.id;
}

function cpuSeconds(pid: number): number {
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Loads one list until stopped; every response time is kept. */
function loadUntilStopped(url: string, cookie: string, connections: number, overallRate: number) {
  const latencies: number[] = [];
  let errors = 0;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    instance = autocannon(
      { url, connections, overallRate, duration: giveUpAfterMs / 1000, ...requestOf(url, cookie, {}) },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors += 1;
      latencies.push(responseTime);
    });
  });
  return {
    async stop() {
      instance?.stop();
      await finished;
      latencies.sort((a, b) => a - b);
      return {
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        requests: latencies.length,
        errors,
      };
    },
  };
}

/** Waits until no campaign run is waiting in the job queue: how many there were, and for how long. */
async function drainSendQueue(client: pg.Client) {
  const waiting = async () => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'marketing.campaign-send' and state in ('created', 'retry', 'active')`,
    );
    return rows[0]!.n;
  };
  const jobs = await waiting();
  const started = performance.now();
  while ((await waiting()) > 0) {
    if (performance.now() - started > giveUpAfterMs)
      throw new Error('campaign runs still waiting in the queue');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { jobs, waitedSeconds: round((performance.now() - started) / 1000) };
}

type Progress = { status: string; counts: Record<string, number>; recipients: number; sent: number };

export async function measureCampaignSend(options: CampaignSendOptions): Promise<CampaignSendResult> {
  const { baseUrl, cookie, client, tenantId, sink } = options;
  const api = apiOf(baseUrl, cookie);
  await ensureLeads(client, tenantId, options.leads);
  const segmentId = await ensureSegment(api);
  const settings = await api<{ sendRatePerSecond: number | null; version: number }>(
    'GET',
    '/api/v1/marketing/settings',
  );
  const unlimited = await api<{ version: number }>('PUT', '/api/v1/marketing/settings', {
    sendRatePerSecond: null,
    version: settings.version,
  });
  try {
    const campaign = await api<{ id: string; version: number }>('POST', '/api/v1/marketing/campaigns', {
      type: 'email',
      name: `Bench send ${new Date().toISOString()}`,
      segmentIds: [segmentId],
      content: {
        subject: 'News for {{ lead.first_name }}',
        previewText: 'What changed this month',
        blocks: [
          { type: 'heading', id: 'h1', text: 'This month at Bench', level: 1 },
          {
            type: 'text',
            id: 't1',
            text: 'Hello {{ lead.first_name | default: "there" }},\n\nHere is what changed this month.',
          },
          { type: 'button', id: 'b1', label: 'Read more', href: 'https://example.com/news' },
        ],
        text: null,
      },
    });
    const paths = [
      { name: 'Campaign list', path: '/api/v1/marketing/campaigns?limit=25' },
      { name: 'Campaign recipients', path: `/api/v1/marketing/campaigns/${campaign.id}/recipients?limit=50` },
    ];
    // At its start the server queues a run for every active campaign of the kept data (they have no
    // sends); the queue works one at a time, so this campaign's first run would wait behind them.
    const backlog = await drainSendQueue(client);
    // Once each before, as the endpoints are: the first request pays for plans and caches.
    for (const { path } of paths) await api('GET', path);
    await client.query('select pg_stat_statements_reset()');
    sink.reset();
    const cpuBefore = cpuSeconds(options.serverPid);
    const loads = paths.map(({ path }) =>
      loadUntilStopped(`${baseUrl}${path}`, cookie, options.connections, options.listRequestsPerSecond),
    );
    const started = performance.now();
    await api('POST', `/api/v1/marketing/campaigns/${campaign.id}/send`, { version: campaign.version });
    let progress: Progress | undefined;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (sink.received() >= options.leads) break;
      progress = await api<Progress>('GET', `/api/v1/marketing/campaigns/${campaign.id}/progress`);
      if (progress.status !== 'active' || performance.now() - started > giveUpAfterMs) break;
    }
    const cpu = cpuSeconds(options.serverPid) - cpuBefore;
    const during = await Promise.all(loads.map((load) => load.stop()));
    progress = await api<Progress>('GET', `/api/v1/marketing/campaigns/${campaign.id}/progress`);
    const { rows } = await client.query<{ query: string; calls: string; total_exec_time: number }>(
      `select query, calls::text, total_exec_time from pg_stat_statements
        where query not ilike '%pg_stat_statements%' order by total_exec_time desc`,
    );
    const first = sink.firstAt() ?? Number.NaN;
    const last = sink.lastAt() ?? Number.NaN;
    const received = sink.received();
    return {
      name: options.name,
      leads: options.leads,
      backlog,
      listRequestsPerSecond: options.listRequestsPerSecond,
      recipients: progress.recipients,
      received,
      distinctRecipients: sink.distinctRecipients(),
      firstMessageMs: round(first - started),
      lastMessageMs: round(last - started),
      messagesPerSecond: round(received / ((last - started) / 1000)),
      steadyMessagesPerSecond: round((received - 1) / ((last - first) / 1000)),
      notSent: progress.recipients - (progress.counts.sent ?? 0),
      serverCpuSeconds: round(cpu, 1),
      sql: {
        totalMs: round(rows.reduce((sum, row) => sum + row.total_exec_time, 0)),
        calls: rows.reduce((sum, row) => sum + Number(row.calls), 0),
        top: rows.slice(0, 5).map((row) => ({
          statement: row.query.replace(/\s+/g, ' ').slice(0, 160),
          calls: Number(row.calls),
          totalMs: round(row.total_exec_time),
        })),
      },
      during: paths.map(({ name, path }, index) => ({
        name,
        path,
        ...during[index]!,
        p50: round(during[index]!.p50),
        p95: round(during[index]!.p95),
      })),
    };
  } finally {
    // The workspace's own limit back, so the other figures of the kept data do not change.
    await api('PUT', '/api/v1/marketing/settings', {
      sendRatePerSecond: settings.sendRatePerSecond,
      version: unlimited.version,
    });
  }
}
