import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** Runs a command to completion with its output shown; throws when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return result.stdout;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type Postgres = { url: string; logFile: string; stop(): void };

/**
 * A throw-away PostgreSQL (the same script CI uses) with pg_stat_statements, so each endpoint's SQL
 * time can be read from the database itself, and a JSON log, so the statements of one request can be
 * read back with their values. The cluster directory is kept between runs: loading the large profile
 * is the slowest step and the data does not change.
 */
export async function startPostgres(dir: string): Promise<Postgres> {
  const port = await freePort();
  const url = run('bash', ['scripts/postgres.sh', 'start', dir, String(port)], {
    PG_OPTIONS: [
      '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all',
      '-c logging_collector=on -c log_destination=jsonlog -c log_directory=log -c log_filename=bench.log',
    ].join(' '),
  }).trim();
  // A run stopped while statements were being logged leaves the setting in the kept cluster.
  run('psql', [
    url,
    '-qc',
    'create extension if not exists pg_stat_statements',
    '-qc',
    'alter system reset log_min_duration_statement',
    '-qc',
    'select pg_reload_conf()',
  ]);
  return {
    url,
    logFile: join(dir, 'log', 'bench.json'),
    stop: () => run('bash', ['scripts/postgres.sh', 'stop', dir]),
  };
}

/** Seeds a profile once per data location; a marker file remembers that it is done. */
export function seedOnce(marker: string, profile: string, env: NodeJS.ProcessEnv) {
  if (existsSync(marker) && readFileSync(marker, 'utf8') === profile) return;
  const started = Date.now();
  console.error(`Loading the ${profile} profile (once; kept for later runs) ...`);
  run('npm', ['run', 'seed', '--', '--scale', profile, '--reset'], env);
  writeFileSync(marker, profile);
  console.error(`Loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** Resident set size in MB, read from /proc. */
  rssMb(): number;
  /** Resolves with the exit code (null when a signal ended it) once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

export type ServerOptions = {
  /** Listen on this port rather than on a free one. */
  port?: number;
  /** Append the server's output to this file rather than to this terminal's stderr. */
  logFile?: string;
  /**
   * Its own process group, so a Ctrl-C meant for the caller does not reach it before the caller has
   * decided what to do (the drills stop servers one at a time, on purpose).
   */
  detached?: boolean;
  /** Told the pid at once, before the server is healthy, so a caller interrupted meanwhile can end it. */
  onSpawn?: (pid: number) => void;
};

const serverDir = join(repoRoot, 'apps/server');

/**
 * The node flags and script of the server's `start` script, so the bench runs the server as
 * production does (its heap settings decide the memory figure) without npm in between.
 */
function startCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
  const [command, ...args] = String(scripts.start).split(/\s+/);
  if (command !== 'node') throw new Error(`the server's start script does not run node: ${scripts.start}`);
  return args;
}

/** The production server (`npm run serve` without npm in between, so the pid is the server's). */
export async function startServer(
  env: NodeJS.ProcessEnv,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const output = options.logFile ? openSync(options.logFile, 'a') : 'inherit';
  const child: ChildProcess = spawn(process.execPath, startCommand(), {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', options.logFile ? output : 'ignore', output],
    detached: options.detached ?? false,
  });
  if (typeof output === 'number') closeSync(output);
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not become healthy in 3 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    exited,
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs a demo login in and returns the Cookie header for later requests. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
