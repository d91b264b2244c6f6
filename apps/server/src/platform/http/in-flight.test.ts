import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { trackInFlightRequests } from './in-flight';

/** An app whose one route waits until the test lets it finish. */
function slowApp() {
  const requests = trackInFlightRequests();
  let finish = () => {};
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const app = new Hono().use(requests.middleware).get('/slow', async (c) => {
    markStarted();
    await new Promise<void>((resolve) => (finish = resolve));
    return c.text('done');
  });
  return { requests, started, finish: () => finish(), app };
}

describe('in-flight requests (graceful shutdown)', () => {
  it('are drained only once every running handler has returned', async () => {
    const { requests, started, finish, app } = slowApp();
    expect(await requests.drained(10)).toBe(true);
    const answer = app.request('/slow');
    await started;
    expect(requests.count()).toBe(1);
    let drained: boolean | undefined;
    const waiting = requests.drained(60_000).then((value) => (drained = value));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBeUndefined();
    finish();
    expect(await (await answer).text()).toBe('done');
    await waiting;
    expect(drained).toBe(true);
    expect(requests.count()).toBe(0);
  });

  it('give up waiting after the timeout, with the handler still running', async () => {
    const { requests, started, finish, app } = slowApp();
    const answer = app.request('/slow');
    await started;
    expect(await requests.drained(20)).toBe(false);
    expect(requests.count()).toBe(1);
    finish();
    await answer;
  });

  it('count a handler that throws as finished', async () => {
    const requests = trackInFlightRequests();
    const app = new Hono().use(requests.middleware).get('/fails', () => {
      throw new Error('broken');
    });
    expect((await app.request('/fails')).status).toBe(500);
    expect(requests.count()).toBe(0);
  });
});
