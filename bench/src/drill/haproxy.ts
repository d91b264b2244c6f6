import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../processes';
import { waitFor } from './wait';

/** The configuration README shows; the drill runs it unchanged, with its ports in the environment. */
export const haproxyConfig = join(repoRoot, 'deploy', 'haproxy.cfg');

export type Haproxy = {
  url: string;
  pid: number;
  /** Each server's state as HAProxy's health checks see it: "UP", "DOWN", "UP 1/2" ... */
  serverStates(): Promise<Map<string, string>>;
  stop(): Promise<void>;
};

export async function startHaproxy(options: {
  port: number;
  statsPort: number;
  servers: string[];
  /** How often each server's /api/health is checked (HAProxy time, e.g. "500ms"). */
  checkInterval: string;
  logFile: string;
  onSpawn: (pid: number) => void;
}): Promise<Haproxy> {
  const output = openSync(options.logFile, 'a');
  const child = spawn('haproxy', ['-db', '-f', haproxyConfig], {
    env: {
      ...process.env,
      ATRIUM_LISTEN: `127.0.0.1:${options.port}`,
      ATRIUM_STATS_LISTEN: `127.0.0.1:${options.statsPort}`,
      ATRIUM_CHECK_INTERVAL: options.checkInterval,
      ...Object.fromEntries(options.servers.map((address, index) => [`ATRIUM_SERVER_${index + 1}`, address])),
    },
    stdio: ['ignore', output, output],
    detached: true,
  });
  closeSync(output);
  options.onSpawn(child.pid!);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${options.statsPort}/;csv`;

  const serverStates = async () => {
    const csv = await (await fetch(statsUrl)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const name = columns.indexOf('svname');
    const proxy = columns.indexOf('pxname');
    const status = columns.indexOf('status');
    return new Map(
      rows
        .map((row) => row.split(','))
        .filter(
          (cells) => cells[proxy] === 'atrium_servers' && !['FRONTEND', 'BACKEND'].includes(cells[name]!),
        )
        .map((cells) => [cells[name]!, cells[status]!]),
    );
  };

  await waitFor(
    'HAProxy to see every server up',
    async () => {
      if (child.exitCode !== null)
        throw new Error(`haproxy exited with ${child.exitCode}; see ${options.logFile}`);
      const states = await serverStates().catch(() => new Map<string, string>());
      return states.size === options.servers.length && [...states.values()].every((state) => state === 'UP');
    },
    30_000,
  );
  return {
    url: `http://127.0.0.1:${options.port}`,
    pid: child.pid!,
    serverStates,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
