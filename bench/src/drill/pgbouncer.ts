import { spawn } from 'node:child_process';
import { chmodSync, closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../processes';
import { waitFor } from './wait';

/** The configuration README shows, with the drill's ports, paths and trust auth set over it. */
export const pgbouncerConfig = join(repoRoot, 'deploy', 'pgbouncer.ini');

export type Pgbouncer = { port: number; stop(): Promise<void> };

/** Sets `key = value` in the [pgbouncer] section, replacing the line that sets it. */
function setting(ini: string, key: string, value: string): string {
  const line = new RegExp(`^${key}\\s*=.*$`, 'm');
  return line.test(ini)
    ? ini.replace(line, `${key} = ${value}`)
    : ini.replace('[pgbouncer]', `[pgbouncer]\n${key} = ${value}`);
}

export async function startPgbouncer(options: {
  dir: string;
  port: number;
  postgresPort: number;
  logFile: string;
  onSpawn: (pid: number) => void;
}): Promise<Pgbouncer> {
  const userList = join(options.dir, 'userlist.txt');
  writeFileSync(userList, '"postgres" ""\n');
  let ini = readFileSync(pgbouncerConfig, 'utf8').replace(
    /^atrium = .*$/m,
    `atrium = host=127.0.0.1 port=${options.postgresPort} dbname=postgres`,
  );
  for (const [key, value] of Object.entries({
    listen_port: String(options.port),
    auth_type: 'trust',
    auth_file: userList,
    // No socket in the shared /tmp: only the TCP port.
    unix_socket_dir: '',
  })) {
    ini = setting(ini, key, value);
  }
  const file = join(options.dir, 'pgbouncer.ini');
  writeFileSync(file, ini);
  // PgBouncer refuses to run as root; as root it is started as the postgres user, who reads these.
  chmodSync(options.dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const output = openSync(options.logFile, 'a');
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), file], {
    stdio: ['ignore', output, output],
    detached: true,
  });
  closeSync(output);
  options.onSpawn(child.pid!);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(
    'PgBouncer to listen',
    async () => {
      if (child.exitCode !== null)
        throw new Error(`pgbouncer exited with ${child.exitCode}; see ${options.logFile}`);
      return new Promise<boolean>((resolve) => {
        const socket = createConnection(options.port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
    },
    15_000,
  );
  return {
    port: options.port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
