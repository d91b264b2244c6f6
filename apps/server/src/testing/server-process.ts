import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** Starts `src/main.ts` as its own process (the source `npm start` bundles) and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A server that never says it listens is stopped, not left running after the test.
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not listen within 60 s:\n${output}`));
    }, 60_000);
    deadline.unref();
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"Atrium is listening"/.test(output) && /"port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(deadline);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  return { child, baseUrl, output: () => output, exited };
}
