// npm run drill -- soak [--minutes 10] [--users 200] [--think-ms 1000] [--check]: a mixed workload of
// simulated users against three server processes behind HAProxy (issue 24, "Soak"). Each user signs
// in once with a demo login (several share one), then loops over what people do all day, with a
// think time between requests. Reports requests, errors and p50 / p95 per kind of request, each
// process's resident memory over time and PostgreSQL's connections, and writes bench/results/soak-*.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { demoEmail, demoPassword, taskPriorities, taskStatuses, type Role } from '@atrium/shared';
import { repoRoot, signIn } from '../processes';
import { budgets } from '../report';
import { percentile, round } from '../stats';
import { createApi } from './api';
import type { Cluster } from './cluster';
import { createHttpClient } from './http-client';

export type SoakOptions = {
  minutes: number;
  users: number;
  /** Mean pause between one user's requests; each pause is 0.5x to 1.5x of it. */
  thinkMs: number;
  pgbouncer: boolean;
  /** Exit non-zero when a goal is missed (errors, p95 of reads, memory growth). */
  check: boolean;
};

/** Reads (lists, searches, a record) are held to the API budget; writes and the sign-in are reported. */
type Kind = { name: string; read: boolean };

type KindFigures = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  /** After the users' arrival; the sign-ins, all made during it, keep theirs. */
  latencies: number[];
  arrivalLatencies: number[];
};

type Shared = {
  projectIds: string[];
  taskIds: string[];
  ticketIds: string[];
  /** Active employees a manager or admin may clock in and out, one per such user. */
  employeeIds: string[];
};

const roleOf = (index: number): Role =>
  (['admin', 'admin', 'manager', 'manager', 'manager'] as const)[index % 10] ?? 'employee';
const managing = (role: Role) => role === 'admin' || role === 'manager';
/** 127.0.0.0/8 is all loopback: one address per user, as HAProxy's X-Forwarded-For then says. */
const addressOf = (index: number) => `127.10.${Math.floor(index / 250)}.${(index % 250) + 1}`;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lists = (shared: Shared) => [
  { name: 'Directory list', path: '/api/v1/employees?limit=48' },
  { name: 'Project list', path: '/api/v1/projects?limit=24' },
  { name: 'Task list', path: '/api/v1/tasks?limit=50' },
  { name: 'Task list, open and high priority', path: '/api/v1/tasks?status=open&priority=high&limit=50' },
  { name: 'Kanban board', path: `/api/v1/tasks/board?projectId=${pick(shared.projectIds)}` },
  { name: 'Ticket queue, all open', path: '/api/v1/helpdesk/tickets?view=open&limit=50' },
  { name: 'Time entries, this week', path: '/api/v1/time-entries?range=week&limit=50' },
  { name: 'Dashboard', path: '/api/v1/dashboard' },
  { name: 'Notifications', path: '/api/v1/notifications?limit=20' },
];
const searches = () => [
  {
    name: 'Directory search',
    path: `/api/v1/employees?q=${pick(['smith', 'lee', 'an', 'mar', 'jo'])}&limit=48`,
  },
  {
    name: 'Ticket search',
    path: `/api/v1/helpdesk/tickets?view=all&q=${pick(['invoice', 'login', 'refund', 'error'])}&limit=50`,
  },
  {
    name: 'Knowledge base search',
    path: `/api/v1/helpdesk/kb/articles?q=${pick(['password', 'account', 'billing'])}&limit=20`,
  },
];

export async function soakDrill(cluster: Cluster, options: SoakOptions) {
  const figures = new Map<string, KindFigures & Kind>();
  let arrived = false;
  const record = (kind: Kind, status: number, ms: number, ok: boolean) => {
    let entry = figures.get(kind.name);
    if (!entry) {
      entry = { ...kind, requests: 0, errors: 0, statuses: {}, latencies: [], arrivalLatencies: [] };
      figures.set(kind.name, entry);
    }
    entry.requests += 1;
    (arrived ? entry.latencies : entry.arrivalLatencies).push(ms);
    if (!ok) {
      entry.errors += 1;
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    }
  };

  const shared = await prepare(cluster);
  console.log(
    `soak: ${options.users} users for ${options.minutes} min, think time ~${options.thinkMs} ms; ` +
      `${shared.projectIds.length} projects, ${shared.taskIds.length} tasks, ${shared.ticketIds.length} tickets`,
  );

  const startedAt = new Date();
  const durationMs = options.minutes * 60_000;
  const endAt = Date.now() + durationMs;
  const samples = startSampling(cluster, startedAt);
  // Arrivals spread over the first 30 s (or a tenth of the run); latencies count from 10 s later,
  // once the sign-ins (deliberately slow password hashing) are over.
  const arrivalMs = Math.min(30_000, durationMs / 10);
  let managers = 0;
  const userTasks = new Map<number, string[]>();
  const clockable = new Map<number, string>();
  for (let index = 0; index < options.users; index++) {
    if (!managing(roleOf(index))) continue;
    userTasks.set(index, []);
    const employeeId = shared.employeeIds[managers];
    if (employeeId) clockable.set(index, employeeId);
    managers += 1;
  }
  // Each task belongs to one user who edits and moves it: two people changing one record at the same
  // moment would be a conflict (412), which is the app working, not failing.
  const owners = [...userTasks.keys()];
  shared.taskIds.forEach((taskId, index) => userTasks.get(owners[index % owners.length]!)?.push(taskId));

  const virtualUser = async (index: number) => {
    const role = roleOf(index);
    const client = createHttpClient(cluster.url, addressOf(index));
    await sleep((index / options.users) * arrivalMs);
    const timed = async (kind: Kind, method: string, path: string, body?: unknown) => {
      const started = performance.now();
      try {
        const answer = await client.send(method, path, body);
        const ok = answer.status >= 200 && answer.status < 300;
        record(kind, answer.status, performance.now() - started, ok);
        return ok ? answer : undefined;
      } catch {
        record(kind, 0, performance.now() - started, false);
        return undefined;
      }
    };
    try {
      const signedIn = await timed({ name: 'Sign-in', read: false }, 'POST', '/api/v1/auth/login', {
        email: demoEmail(role),
        password: demoPassword,
      });
      if (!signedIn) return;
      client.setCookie(signedIn.setCookies.map((cookie) => cookie.split(';')[0]).join('; '));
      const ownTasks = userTasks.get(index) ?? [];
      const employeeId = clockable.get(index);
      let openEntry: string | undefined;
      const actions: { weight: number; run: () => Promise<unknown> }[] = [
        { weight: 40, run: () => pickAndGet(lists(shared)) },
        { weight: 20, run: () => pickAndGet(searches()) },
        {
          weight: 10,
          run: () =>
            Math.random() < 0.5
              ? timed({ name: 'Task', read: true }, 'GET', `/api/v1/tasks/${pick(shared.taskIds)}`)
              : timed(
                  { name: 'Ticket', read: true },
                  'GET',
                  `/api/v1/helpdesk/tickets/${pick(shared.ticketIds)}`,
                ),
        },
        {
          weight: 7,
          run: () =>
            timed(
              { name: 'Ticket reply', read: false },
              'POST',
              `/api/v1/helpdesk/tickets/${pick(shared.ticketIds)}/messages`,
              {
                body: `Thanks for writing in; we are looking into it. (${index})`,
                internal: Math.random() < 0.5,
              },
            ),
        },
      ];
      if (ownTasks.length > 0) {
        actions.push(
          {
            weight: 8,
            run: async () => {
              const taskId = pick(ownTasks);
              const task = await timed({ name: 'Task', read: true }, 'GET', `/api/v1/tasks/${taskId}`);
              if (!task) return;
              const { version } = JSON.parse(task.text) as { version: number };
              await timed({ name: 'Task edit', read: false }, 'PATCH', `/api/v1/tasks/${taskId}`, {
                priority: pick(taskPriorities),
                version,
              });
            },
          },
          {
            weight: 8,
            run: () =>
              timed({ name: 'Card move', read: false }, 'POST', `/api/v1/tasks/${pick(ownTasks)}/move`, {
                status: pick(taskStatuses),
                index: 0,
              }),
          },
        );
      }
      if (employeeId) {
        actions.push({
          weight: 7,
          run: async () => {
            if (openEntry) {
              const out = await timed(
                { name: 'Clock out', read: false },
                'POST',
                `/api/v1/time-entries/${openEntry}/clock-out`,
                {},
              );
              if (out) openEntry = undefined;
            } else {
              const entry = await timed(
                { name: 'Clock in', read: false },
                'POST',
                '/api/v1/time-entries/clock-in',
                { employeeId },
              );
              if (entry) openEntry = (JSON.parse(entry.text) as { id: string }).id;
            }
          },
        });
      }
      const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
      async function pickAndGet(choices: { name: string; path: string }[]) {
        const choice = pick(choices);
        return timed({ name: choice.name, read: true }, 'GET', choice.path);
      }
      while (Date.now() < endAt) {
        let roll = Math.random() * totalWeight;
        const action = actions.find((candidate) => (roll -= candidate.weight) < 0) ?? actions[0]!;
        await action.run();
        await sleep(options.thinkMs * (0.5 + Math.random()));
      }
    } finally {
      client.close();
    }
  };

  const arrival = setTimeout(() => (arrived = true), arrivalMs + 10_000);
  const progress = setInterval(() => {
    const requests = [...figures.values()].reduce((sum, kind) => sum + kind.requests, 0);
    const errors = [...figures.values()].reduce((sum, kind) => sum + kind.errors, 0);
    const rss = samples.rss.at(-1)?.mb.join(' / ') ?? '-';
    console.log(
      `  ${((Date.now() - startedAt.getTime()) / 60_000).toFixed(1)} min: ${requests} requests, ${errors} errors; RSS ${rss} MB; ` +
        `${samples.connections.at(-1)?.total ?? '-'} database connections`,
    );
  }, 30_000);
  try {
    await Promise.all(Array.from({ length: options.users }, (_, index) => virtualUser(index)));
  } finally {
    clearInterval(progress);
    clearTimeout(arrival);
    await samples.stop();
  }

  const results = summarise(cluster, options, startedAt, figures, samples);
  const markdown = toMarkdown(results);
  const resultsDir = join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = results.startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
  writeFileSync(join(resultsDir, `soak-${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'soak-latest.md'), markdown);
  console.log(`\n${markdown}`);
  const missed = results.goals.filter((goal) => !goal.ok);
  if (options.check && missed.length > 0) {
    throw new Error(`soak goals missed: ${missed.map((goal) => goal.what).join('; ')}`);
  }
}

/** What the users work on, read once as the admin: the demo workspace's projects, tasks, tickets and people. */
async function prepare(cluster: Cluster): Promise<Shared> {
  const cookie = await signIn(cluster.url, demoEmail('admin'), demoPassword);
  const api = createApi(cluster.url, cookie);
  const all = async <T>(path: string) => {
    const rows: T[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: T[]; nextCursor: string | null } } = await api(
        cluster.url,
        `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
      rows.push(...page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor && rows.length < 5_000);
    return rows;
  };
  const projects = await all<{ id: string }>('/api/v1/projects');
  const tasks = await all<{ id: string }>('/api/v1/tasks');
  const tickets = await all<{ id: string }>('/api/v1/helpdesk/tickets?view=all');
  const employees = await all<{ id: string; status: string }>('/api/v1/employees');
  // Whoever is clocked in now is clocked out, so each user's clock starts from "out".
  const live = await api<{ clockedIn: { entryId: string }[] }>(cluster.url, '/api/v1/time-entries/live');
  for (const entry of live.body.clockedIn) {
    await api(cluster.url, `/api/v1/time-entries/${entry.entryId}/clock-out`, { method: 'POST', body: {} });
  }
  return {
    projectIds: projects.map((project) => project.id),
    taskIds: tasks.map((task) => task.id),
    ticketIds: tickets.map((ticket) => ticket.id),
    employeeIds: employees.filter((employee) => employee.status === 'active').map((employee) => employee.id),
  };
}

type Samples = {
  rss: { atSeconds: number; mb: number[] }[];
  connections: {
    atSeconds: number;
    total: number;
    active: number;
    idle: number;
    idleInTransaction: number;
  }[];
  stop(): Promise<void>;
};

/** Every 5 s: each server's VmRSS from /proc and PostgreSQL's client connections (pg_stat_activity). */
function startSampling(cluster: Cluster, startedAt: Date): Samples {
  const database = new pg.Client({ connectionString: cluster.postgresUrl, application_name: 'atrium-soak' });
  const connected = database.connect();
  const samples: Samples = {
    rss: [],
    connections: [],
    stop: async () => {
      clearInterval(timer);
      await connected.catch(() => undefined);
      await database.end().catch(() => undefined);
    },
  };
  const sample = async () => {
    const atSeconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
    samples.rss.push({ atSeconds, mb: cluster.servers.map((server) => server.rssMb()) });
    await connected;
    const { rows } = await database.query<{
      total: number;
      active: number;
      idle: number;
      idle_in_transaction: number;
    }>(
      `select count(*)::int as total,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'idle')::int as idle,
              count(*) filter (where state like 'idle in transaction%')::int as idle_in_transaction
         from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    const row = rows[0]!;
    samples.connections.push({
      atSeconds,
      total: row.total,
      active: row.active,
      idle: row.idle,
      idleInTransaction: row.idle_in_transaction,
    });
  };
  void sample();
  const timer = setInterval(() => void sample().catch(() => undefined), 5_000);
  return samples;
}

export type SoakResults = ReturnType<typeof summarise>;

function summarise(
  cluster: Cluster,
  options: SoakOptions,
  startedAt: Date,
  figures: Map<string, KindFigures & Kind>,
  samples: Samples,
) {
  const kinds = [...figures.values()]
    .sort((a, b) => b.requests - a.requests)
    .map((kind) => {
      const sorted = [...(kind.latencies.length > 0 ? kind.latencies : kind.arrivalLatencies)].sort(
        (a, b) => a - b,
      );
      return {
        name: kind.name,
        read: kind.read,
        requests: kind.requests,
        errors: kind.errors,
        statuses: kind.statuses,
        p50: round(percentile(sorted, 0.5)),
        p95: round(percentile(sorted, 0.95)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? Number.NaN),
      };
    });
  const requests = kinds.reduce((sum, kind) => sum + kind.requests, 0);
  const errors = kinds.reduce((sum, kind) => sum + kind.errors, 0);
  // After warm-up (the first fifth of the run): the mean of the last tenth against the mean just after it.
  const rssGrowth = cluster.servers.map((server, index) => {
    const series = samples.rss.map((sample) => sample.mb[index]!);
    const warm = series.slice(Math.floor(series.length * 0.2), Math.floor(series.length * 0.3) + 1);
    const last = series.slice(Math.floor(series.length * 0.9));
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    return {
      server: server.name,
      afterWarmUpMb: round(mean(warm)),
      lastMb: round(mean(last)),
      growthPercent: round(((mean(last) - mean(warm)) / mean(warm)) * 100),
    };
  });
  const goals = [
    { what: 'errors', measured: errors, budget: 0, ok: errors === 0 },
    ...kinds
      .filter((kind) => kind.read)
      .map((kind) => ({
        what: `${kind.name}: p95 ms`,
        measured: kind.p95,
        budget: budgets.api.p95Ms,
        ok: kind.p95 <= budgets.api.p95Ms,
      })),
    // Flat: within 10 % after warm-up (the heap settles, caches fill in the first minutes).
    ...rssGrowth.map((growth) => ({
      what: `${growth.server}: RSS growth after warm-up, %`,
      measured: growth.growthPercent,
      budget: 10,
      ok: growth.growthPercent <= 10,
    })),
  ];
  return {
    startedAt: startedAt.toISOString(),
    machine: { cpus: availableParallelism(), node: process.versions.node },
    setup: {
      servers: cluster.servers.length,
      loadBalancer: 'HAProxy (deploy/haproxy.cfg)',
      pgbouncer: options.pgbouncer,
      users: options.users,
      minutes: options.minutes,
      thinkMs: options.thinkMs,
    },
    requests,
    errors,
    requestsPerSecond: round(requests / (options.minutes * 60)),
    kinds,
    rss: samples.rss,
    rssGrowth,
    connections: samples.connections,
    goals,
  };
}

function toMarkdown(results: SoakResults): string {
  const { setup } = results;
  const minute = (seconds: number) => `${(seconds / 60).toFixed(1)}`;
  // One row a minute (or per sample in runs under two minutes).
  const every = results.rss.length > 24 ? 12 : 1;
  const lines = [
    `# Soak — ${results.startedAt}`,
    '',
    `${results.machine.cpus} CPUs, Node ${results.machine.node}; ${setup.servers} server processes behind ${setup.loadBalancer}` +
      `${setup.pgbouncer ? ', PgBouncer (transaction mode)' : ''} on one PostgreSQL; ${setup.users} users for ${setup.minutes} min, ` +
      `think time ~${setup.thinkMs} ms. **${results.requests} requests (${results.requestsPerSecond}/s), ${results.errors} errors.**`,
    '',
    'Latencies in ms, from the client through HAProxy, counted from 10 s after the last user arrived ' +
      '(the sign-ins: all of theirs). Errors: any answer other than 2xx, or none.',
    '',
    '| Request | count | errors | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|---|',
    ...results.kinds.map(
      (kind) =>
        `| ${kind.name}${kind.read ? '' : ' (write)'} | ${kind.requests} | ${kind.errors}${
          kind.errors
            ? ` (${Object.entries(kind.statuses)
                .map(([status, count]) => `${status}: ${count}`)
                .join(', ')})`
            : ''
        } | ${kind.p50} | ${kind.p95} | ${kind.p99} | ${kind.max} |`,
    ),
    '',
    `## Memory (RSS, MB) and database connections`,
    '',
    `| minute | ${results.rssGrowth.map((growth) => growth.server).join(' | ')} | connections (active / idle / idle in tx) |`,
    `|---|${results.rssGrowth.map(() => '---|').join('')}---|`,
    ...results.rss
      .filter((_, index) => index % every === 0 || index === results.rss.length - 1)
      .map((sample) => {
        const connections =
          results.connections.find((c) => c.atSeconds >= sample.atSeconds) ?? results.connections.at(-1);
        return `| ${minute(sample.atSeconds)} | ${sample.mb.join(' | ')} | ${connections ? `${connections.total} (${connections.active} / ${connections.idle} / ${connections.idleInTransaction})` : '–'} |`;
      }),
    '',
    `RSS after warm-up → last tenth: ${results.rssGrowth.map((g) => `${g.server} ${g.afterWarmUpMb} → ${g.lastMb} MB (${g.growthPercent} %)`).join('; ')}.`,
    '',
    '## Goals',
    '',
    '| Goal | measured | budget | |',
    '|---|---|---|---|',
    ...results.goals.map(
      (goal) => `| ${goal.what} | ${goal.measured} | ${goal.budget} | ${goal.ok ? 'ok' : '**missed**'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
