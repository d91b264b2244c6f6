import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, run, startServer, type ServerProcess } from '../processes';
import { startHaproxy, type Haproxy } from './haproxy';
import { startMailSink, type MailSink } from './mail-sink';
import { startPgbouncer, type Pgbouncer } from './pgbouncer';
import { createTeardown, type Teardown } from './teardown';

export type ClusterOptions = {
  /** Server processes behind HAProxy. */
  servers: number;
  /** PgBouncer in transaction mode between the servers and PostgreSQL (ADR 036). */
  pgbouncer: boolean;
  /** Consecutive ports from here rather than free ones: PostgreSQL, HAProxy, its stats, ... */
  portBase?: number;
  /** HAProxy's health-check interval; two failed checks mark a server down. */
  checkInterval: string;
};

export type DrillServer = ServerProcess & { name: string; port: number };

export type Cluster = {
  /** Where users reach the app: HAProxy. */
  url: string;
  servers: DrillServer[];
  haproxy: Haproxy;
  mail: MailSink;
  /** PostgreSQL itself (not PgBouncer), for the drill's own reads. */
  postgresUrl: string;
  pgbouncer?: Pgbouncer;
  workDir: string;
  teardown: Teardown;
  /** Keeps the work directory (the processes' logs) after the teardown: the drill failed. */
  keepLogs(): void;
  /** One more server process, not behind HAProxy, with the others' environment and `env` over it. */
  startExtraServer(name: string, env: NodeJS.ProcessEnv): Promise<DrillServer>;
};

/**
 * A throw-away PostgreSQL (scripts/postgres.sh), optionally PgBouncer, a mail server that counts
 * what it receives, N production server processes on one DATABASE_URL and AUTH_SECRET, and HAProxy
 * with deploy/haproxy.cfg in front — all on 127.0.0.1. Everything is registered with the teardown
 * as it starts, so a failure half-way still stops what did start.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const teardown = createTeardown();
  const workDir = mkdtempSync(join(tmpdir(), 'atrium-drill-'));
  // As root, scripts/postgres.sh runs PostgreSQL (and PgBouncer runs) as the postgres user.
  chmodSync(workDir, 0o755);
  let failed = true;
  teardown.add('the work directory', () => {
    if (failed) console.error(`drill: logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  });
  try {
    let next = options.portBase;
    const port = async () => (next === undefined ? freePort() : next++);

    console.error('drill: building the server bundle (npm run build -w @atrium/server) ...');
    run('npm', ['run', 'build', '-w', '@atrium/server']);

    const postgresDir = join(workDir, 'postgres');
    // Registered first: a start that fails half-way may still leave the cluster running.
    const running = () => existsSync(join(postgresDir, 'postmaster.pid'));
    teardown.add(
      'PostgreSQL',
      () => running() && run('bash', ['scripts/postgres.sh', 'stop', postgresDir]),
      () =>
        running() &&
        spawnSync('bash', ['scripts/postgres.sh', 'stop', postgresDir], { cwd: repoRoot, stdio: 'ignore' }),
    );
    const postgresPort = await port();
    const postgresUrl = run('bash', ['scripts/postgres.sh', 'start', postgresDir, String(postgresPort)])
      .trim()
      .split('\n')
      .at(-1)!;
    console.error(`drill: PostgreSQL at ${postgresUrl}`);

    let pgbouncer: Pgbouncer | undefined;
    let databaseUrl = postgresUrl;
    if (options.pgbouncer) {
      const dir = join(workDir, 'pgbouncer');
      mkdirSync(dir);
      pgbouncer = await startPgbouncer({
        dir,
        port: await port(),
        postgresPort,
        logFile: join(workDir, 'pgbouncer.log'),
        onSpawn: (pid) => teardown.addProcessGroup(pid),
      });
      teardown.add('PgBouncer', pgbouncer.stop);
      databaseUrl = `postgres://postgres@127.0.0.1:${pgbouncer.port}/atrium`;
      console.error(`drill: PgBouncer (transaction mode) at ${databaseUrl}`);
    }

    const mail = await startMailSink(await port());
    teardown.add('the mail sink', mail.close);

    const haproxyPort = await port();
    const statsPort = await port();
    const url = `http://127.0.0.1:${haproxyPort}`;
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      DATABASE_DIRECT_URL: pgbouncer ? postgresUrl : '',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: url,
      // HAProxy sets X-Forwarded-For: the sign-in throttle and stream limits count each client.
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      DEMO_LOGINS: 'true',
      DATA_DIR: join(workDir, 'data'),
      // One directory for the files of all processes (exports made by one, downloaded from another).
      FILES_DIR: join(workDir, 'files'),
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: 'warn',
    };
    const serverPorts: number[] = [];
    for (let index = 0; index < options.servers; index++) serverPorts.push(await port());
    const servers: DrillServer[] = [];
    const startOne = async (index: number) => {
      const serverPort = serverPorts[index]!;
      const name = `atrium${index + 1}`;
      const server = await startServer(env, {
        port: serverPort,
        logFile: join(workDir, `${name}.log`),
        detached: true,
        onSpawn: (pid) => teardown.addProcessGroup(pid),
      });
      teardown.add(name, server.stop);
      servers[index] = { ...server, name, port: serverPort };
    };
    // All at once on the empty database: one applies the migrations and loads the demo workspace
    // while the others wait for it.
    console.error(`drill: starting ${options.servers} server processes ...`);
    await Promise.all(serverPorts.map((_, index) => startOne(index)));

    const haproxy = await startHaproxy({
      port: haproxyPort,
      statsPort,
      servers: servers.map((server) => `127.0.0.1:${server.port}`),
      checkInterval: options.checkInterval,
      logFile: join(workDir, 'haproxy.log'),
      onSpawn: (pid) => teardown.addProcessGroup(pid),
    });
    teardown.add('HAProxy', haproxy.stop);
    console.error(
      `drill: HAProxy at ${url} in front of ${servers.map((server) => server.baseUrl).join(', ')}`,
    );
    failed = false;
    return {
      url,
      servers,
      haproxy,
      mail,
      postgresUrl,
      ...(pgbouncer ? { pgbouncer } : {}),
      workDir,
      teardown,
      keepLogs: () => (failed = true),
      async startExtraServer(name, overrides) {
        const serverPort = await port();
        const server = await startServer(
          { ...env, ...overrides },
          {
            port: serverPort,
            logFile: join(workDir, `${name}.log`),
            detached: true,
            onSpawn: (pid) => teardown.addProcessGroup(pid),
          },
        );
        teardown.add(name, server.stop);
        return { ...server, name, port: serverPort };
      },
    };
  } catch (error) {
    await teardown.run();
    throw error;
  }
}
