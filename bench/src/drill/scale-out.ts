// npm run drill -- scale-out [--pgbouncer]: the claims of issue 24's "Scale-out", each checked
// against three server processes behind HAProxy on one PostgreSQL; a broken claim ends the drill
// with a non-zero exit.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { demoEmail, demoPassword } from '@atrium/shared';
import { signInLimits } from '../../../apps/server/src/platform/auth/password-check';
import {
  openEventStream,
  type EventStreamClient,
} from '../../../apps/server/src/testing/event-stream-client';
import { signIn } from '../processes';
import { createApi } from './api';
import type { Cluster } from './cluster';
import { claim, waitFor } from './wait';

/** Issue 24: a change reaches an event stream held by another process within a second. */
const eventBudgetMs = 1_000;
const invitations = 12;

const ok = (message: string) => console.log(`  ✓ ${message}`);

export async function scaleOutDrill(cluster: Cluster) {
  const { servers, url: balancer } = cluster;
  const api = createApi(balancer);
  const run = randomUUID().slice(0, 8);
  let employeeNumber = 0;
  const newEmployee = () => {
    employeeNumber += 1;
    return {
      firstName: 'Drill',
      lastName: `Run ${run} ${employeeNumber}`,
      email: `drill-${run}-${employeeNumber}@example.test`,
      department: 'Engineering',
      jobTitle: 'Engineer',
      startDate: '2026-01-05',
      salary: 50_000,
    };
  };

  console.log('\n1. A session made on one process works on the others');
  const admin = await signIn(balancer, demoEmail('admin'), demoPassword);
  for (const server of servers) {
    const me = await api<{ user: { email: string } }>(server.baseUrl, '/api/v1/me', { cookie: admin });
    claim(me.status === 200, `the session made through HAProxy answered ${me.status} on ${server.name}`);
    claim(
      me.body.user.email === demoEmail('admin'),
      `${server.name} saw someone else: ${me.body.user.email}`,
    );
  }
  ok(
    `signed in through HAProxy; GET /api/v1/me answers 200 as the admin on ${servers.map((s) => s.name).join(', ')}`,
  );
  const manager = await signIn(servers[0]!.baseUrl, demoEmail('manager'), demoPassword);
  const signOut = await api(servers[0]!.baseUrl, '/api/v1/auth/logout', { method: 'POST', cookie: manager });
  claim(signOut.status === 204, `sign-out answered ${signOut.status}`);
  for (const server of servers.slice(1)) {
    const me = await api(server.baseUrl, '/api/v1/me', { cookie: manager });
    claim(
      me.status === 401,
      `a session signed out on ${servers[0]!.name} still works on ${server.name} (${me.status})`,
    );
  }
  ok(`a session signed out on ${servers[0]!.name} is refused (401) by the others`);

  console.log(
    `\n2. A change made through one process reaches event streams held by the others within ${eventBudgetMs} ms`,
  );
  const streams: EventStreamClient[] = [];
  try {
    for (const server of servers) {
      const stream = await openEventStream(`${server.baseUrl}/api/v1/events`, { cookie: admin });
      streams.push(stream);
      claim(
        stream.response.status === 200,
        `the event stream on ${server.name} answered ${stream.response.status}`,
      );
      await stream.waitFor((event) => event.event === 'ready');
    }
    const latencies: number[] = [];
    for (const [writerIndex, writer] of servers.entries()) {
      const sentAt = performance.now();
      const created = await api<{ id: string }>(writer.baseUrl, '/api/v1/employees', {
        method: 'POST',
        body: newEmployee(),
        cookie: admin,
      });
      claim(created.status === 201, `creating an employee on ${writer.name} answered ${created.status}`);
      for (const [readerIndex, stream] of streams.entries()) {
        if (readerIndex === writerIndex) continue;
        const event = await stream.waitFor(
          (e) =>
            e.event === 'change' && (JSON.parse(e.data) as { entityId: string }).entityId === created.body.id,
          10_000,
        );
        const latency = event.receivedAt - sentAt;
        latencies.push(latency);
        claim(
          latency < eventBudgetMs,
          `${writer.name} -> ${servers[readerIndex]!.name}: the change arrived after ${latency.toFixed(0)} ms`,
        );
        ok(
          `${writer.name} -> stream on ${servers[readerIndex]!.name}: ${latency.toFixed(1)} ms (request sent to event received)`,
        );
      }
    }
    ok(`slowest ${Math.max(...latencies).toFixed(1)} ms of ${latencies.length}`);
  } finally {
    for (const stream of streams) stream.close();
  }

  console.log(
    `\n3. A job enqueued anywhere runs once (${invitations} invitation emails, each a mail.deliver job)`,
  );
  const invited = Array.from(
    { length: invitations },
    (_, index) => `drill-invite-${run}-${index}@example.test`,
  );
  for (const [index, email] of invited.entries()) {
    const server = servers[index % servers.length]!;
    const response = await api(server.baseUrl, '/api/v1/members/invitations', {
      method: 'POST',
      body: { email, role: 'employee' },
      cookie: admin,
    });
    claim(response.status === 201, `inviting ${email} on ${server.name} answered ${response.status}`);
  }
  const database = new pg.Client({ connectionString: cluster.postgresUrl });
  await database.connect();
  try {
    // The jobs of these mails, from pg-boss's own table: done once all are completed.
    const jobsOf = async () =>
      (
        await database.query<{ state: string; retry_count: number }>(
          `select j.state, j.retry_count from pgboss.job j
             join mail_outbox o on o.id = (j.data->>'outboxId')::uuid
            where j.name = 'mail.deliver' and o."to" = any($1)`,
          [invited],
        )
      ).rows;
    await waitFor(
      'every invitation email to be delivered and its job completed',
      async () => {
        const jobs = await jobsOf();
        return jobs.length === invitations && jobs.every((job) => job.state === 'completed');
      },
      60_000,
      200,
    );
    const jobs = await jobsOf();
    claim(
      jobs.every((job) => job.retry_count === 0),
      `a job was retried: ${JSON.stringify(jobs)}`,
    );
    const counts = invited.map((email) => cluster.mail.received.get(email) ?? 0);
    claim(
      counts.every((count) => count === 1),
      `each invitation should arrive once; received ${JSON.stringify(Object.fromEntries(invited.map((e, i) => [e, counts[i]])))}`,
    );
    ok(
      `${invitations} enqueued round robin on ${servers.length} processes: ${invitations} jobs completed on the first run, each email received exactly once`,
    );

    console.log('\n4. The sign-in throttle counts across processes');
    const account = demoEmail('contractor');
    const statuses: { server: string; status: number }[] = [];
    for (let attempt = 0; attempt < signInLimits.perAccount.max * servers.length + 1; attempt++) {
      const server = servers[attempt % servers.length]!;
      const response = await api(server.baseUrl, '/api/v1/auth/login', {
        method: 'POST',
        body: { email: account, password: 'not-the-password' },
      });
      statuses.push({ server: server.name, status: response.status });
      if (response.status === 429) break;
    }
    const refusedAt = statuses.findIndex((entry) => entry.status === 429);
    const wrong = statuses.filter((entry) => entry.status === 401);
    claim(
      refusedAt === signInLimits.perAccount.max && wrong.length === signInLimits.perAccount.max,
      `expected ${signInLimits.perAccount.max} wrong-password answers (401) then 429; got ${statuses.map((s) => s.status).join(' ')}`,
    );
    const answeredBy = new Set(wrong.map((entry) => entry.server));
    claim(answeredBy.size === servers.length, `the attempts reached only ${[...answeredBy].join(', ')}`);
    ok(
      `wrong passwords sent round robin to ${servers.length} processes: ${wrong.length} answered 401, attempt ${refusedAt + 1} answered 429 (limit ${signInLimits.perAccount.max} per account, not ${signInLimits.perAccount.max * servers.length})`,
    );
    const right = await api(servers[2]!.baseUrl, '/api/v1/auth/login', {
      method: 'POST',
      body: { email: account, password: demoPassword },
    });
    claim(right.status === 429, `the right password was let through while throttled (${right.status})`);
    ok('even the right password is refused (429) on another process while the account is throttled');
  } finally {
    await database.end();
  }

  if (cluster.pgbouncer) {
    console.log(
      '\n5. Behind PgBouncer, a server without DATABASE_DIRECT_URL refuses to start, saying why (ADR 036)',
    );
    const name = 'atrium-no-direct-url';
    const refusal = await cluster.startExtraServer(name, { DATABASE_DIRECT_URL: '' }).then(
      async (server) => {
        await server.stop();
        return 'it started';
      },
      (error: Error) => error.message,
    );
    claim(refusal.endsWith('exited with 78'), `without DATABASE_DIRECT_URL: ${refusal}, not exit code 78`);
    const said = readFileSync(join(cluster.workDir, `${name}.log`), 'utf8');
    claim(said.includes('set DATABASE_DIRECT_URL'), `its output does not name DATABASE_DIRECT_URL:\n${said}`);
    ok(
      'it exits at start-up with 78, saying to set DATABASE_DIRECT_URL (PgBouncer refused its start-up setting)',
    );
  }

  console.log(
    `\n${cluster.pgbouncer ? 6 : 5}. SIGTERM to one process, then kill -9 of another, during a write burst through HAProxy`,
  );
  await failover(cluster, admin, newEmployee);
}

type Write = { phase: string; status: number; id?: string; error?: string };

async function failover(cluster: Cluster, cookie: string, newEmployee: () => object) {
  const { servers, url: balancer, haproxy } = cluster;
  const api = createApi(balancer, cookie);
  const [stopped, killed, survivor] = [servers[0]!, servers[1]!, servers[2]!];
  const writes: Write[] = [];
  let phase = 'all up';
  let bursting = true;
  const writers = 6;
  const acknowledged = () => writes.filter((write) => write.status === 201).length;
  const burst = Promise.all(
    Array.from({ length: writers }, async () => {
      while (bursting) {
        // Each write counts in the phase in which it was answered.
        try {
          const response = await api<{ id: string }>(balancer, '/api/v1/employees', {
            method: 'POST',
            body: newEmployee(),
          });
          writes.push({ phase, status: response.status, id: response.body?.id });
        } catch (error) {
          // No answer at all: the connection to HAProxy ended without a response.
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          writes.push({ phase, status: 0, error: cause?.code ?? cause?.message ?? String(error) });
        }
      }
    }),
  );
  const afterMore = (count: number) => {
    const target = acknowledged() + count;
    return waitFor(`${count} more acknowledged writes`, () => acknowledged() >= target, 30_000, 10);
  };
  try {
    await afterMore(40);
    phase = `${stopped.name} stopping (SIGTERM)`;
    process.kill(stopped.pid, 'SIGTERM');
    const exitCode = await Promise.race([
      stopped.exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref()),
    ]);
    claim(exitCode === 0, `${stopped.name} did not end cleanly after SIGTERM (exit ${exitCode})`);
    ok(`${stopped.name} ended with exit code 0 after SIGTERM`);
    phase = `${stopped.name} stopped`;
    await afterMore(40);
    phase = `${killed.name} killed (kill -9)`;
    process.kill(-killed.pid, 'SIGKILL');
    await waitFor(
      'HAProxy to mark both stopped servers down',
      async () => {
        const states = await haproxy.serverStates();
        return (
          states.get(stopped.name)?.startsWith('DOWN') === true &&
          states.get(killed.name)?.startsWith('DOWN') === true
        );
      },
      15_000,
      100,
    );
    phase = `${survivor.name} alone`;
    await afterMore(60);
  } finally {
    bursting = false;
    await burst;
  }

  const phases = [...new Set(writes.map((write) => write.phase))];
  for (const name of phases) {
    const inPhase = writes.filter((write) => write.phase === name);
    const failed = inPhase.filter((write) => write.status !== 201);
    const statuses = [...new Set(failed.map((write) => write.error ?? write.status))].join(', ');
    console.log(
      `    ${name}: ${inPhase.length} writes, ${inPhase.length - failed.length} acknowledged, ${failed.length} failed${failed.length ? ` (status ${statuses})` : ''}`,
    );
  }
  const acked = writes.filter((write) => write.status === 201);
  const lost: string[] = [];
  for (const write of acked) {
    const read = await api(balancer, `/api/v1/employees/${write.id}`);
    if (read.status !== 200) lost.push(`${write.id} (${read.status})`);
  }
  claim(lost.length === 0, `${lost.length} acknowledged writes are missing: ${lost.slice(0, 10).join(', ')}`);
  ok(`all ${acked.length} acknowledged writes read back through HAProxy`);
  const alone = writes.filter((write) => write.phase === `${survivor.name} alone`);
  claim(
    alone.every((write) => write.status === 201),
    `with ${survivor.name} alone, ${alone.filter((w) => w.status !== 201).length} of ${alone.length} writes failed`,
  );
  const states = await haproxy.serverStates();
  claim(states.get(survivor.name) === 'UP', `HAProxy sees ${survivor.name} as ${states.get(survivor.name)}`);
  ok(
    `HAProxy marked ${stopped.name} and ${killed.name} down; ${survivor.name} alone answered all ${alone.length} writes`,
  );
  const failedWhileStopping = writes.filter(
    (write) => write.phase === `${stopped.name} stopping (SIGTERM)` && write.status !== 201,
  );
  claim(
    failedWhileStopping.length === 0,
    `${failedWhileStopping.length} writes failed while ${stopped.name} was stopping gracefully`,
  );
  ok(`no write failed while ${stopped.name} stopped gracefully`);
}
