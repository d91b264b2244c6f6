/**
 * Everything a drill starts, stopped in reverse order when it ends: after success, after a failed
 * claim, and on Ctrl-C or SIGTERM. Each thing also leaves a last resort that runs synchronously as
 * the process exits (a process group killed, a cluster stopped), for an exit that skips the rest.
 */
export type Teardown = {
  /** `stop` ends it gracefully; `kill` is the synchronous last resort. */
  add(name: string, stop: () => Promise<unknown> | unknown, kill?: () => void): void;
  /** A process group the drill started: killed with SIGKILL if still there at exit. */
  addProcessGroup(pid: number): void;
  run(): Promise<void>;
};

export function createTeardown(): Teardown {
  const steps: { name: string; stop: () => Promise<unknown> | unknown; kill?: () => void }[] = [];
  const groups = new Set<number>();
  let running: Promise<void> | undefined;

  const killGroups = () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  const run = () =>
    (running ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step.stop();
        } catch (error) {
          console.error(`drill: stopping ${step.name} failed:`, error);
        }
      }
      killGroups();
      groups.clear();
      steps.length = 0;
    })());

  process.once('exit', () => {
    for (const step of steps.reverse()) step.kill?.();
    killGroups();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\ndrill: ${signal}; stopping what it started ...`);
      // A second signal during the teardown ends the drill at once (the exit hook still cleans up).
      process.once(signal, () => process.exit(130));
      void run().finally(() => process.exit(130));
    });
  }

  return {
    add: (name, stop, kill) => steps.push({ name, stop, kill }),
    addProcessGroup: (pid) => groups.add(pid),
    run,
  };
}
