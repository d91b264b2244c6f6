/** Polls `check` until it answers true; fails naming `what` once `timeoutMs` has passed. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A claim the drill checks: a broken one stops it with a non-zero exit. */
export function claim(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`CLAIM BROKEN: ${message}`);
}
