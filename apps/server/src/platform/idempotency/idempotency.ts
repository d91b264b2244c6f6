import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import type { Db } from '@atrium/db';
import type { MemberEnv } from '../auth/member-context';
import { AppError } from '../errors/app-error';
import { idempotencyRepository } from './idempotency.repository';

/** Keys are kept a day (issue 19); the nightly clean-up deletes older ones, until then they are ignored. */
export const idempotencyKeyHours = 24;
/** A key still unanswered after this long belongs to a request whose process died: a retry may run. */
const abandonedAfterMinutes = 10;
const printable = /^[\x20-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on a POST (ARCHITECTURE.md, "Creates accept an Idempotency-Key header"): the
 * first request records the key with a hash of itself before it runs, then keeps its answer; a
 * retry with the same key and request gets that answer again (`Idempotent-Replayed: true`) and
 * changes nothing. The same key with another request is 422; a retry while the first is still
 * running is 409 with Retry-After, rather than a second run. Answers of 5xx are not kept: the key
 * is freed so the retry runs again.
 */
export async function answerOnce(db: Db, c: Context<MemberEnv>, next: Next) {
  const key = c.req.header('idempotency-key');
  if (c.req.method !== 'POST' || key === undefined) return next();
  if (!printable.test(key)) {
    throw new AppError(
      'validation_failed',
      'The Idempotency-Key header must be 1 to 255 printable characters',
      {
        'Idempotency-Key': 'Use 1 to 255 printable ASCII characters, such as a UUID',
      },
    );
  }
  const { tenantId, userId } = c.get('member');
  const id = { tenantId, userId, key };
  const url = new URL(c.req.url);
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${url.pathname}${url.search}\n`)
    .update(await c.req.text())
    .digest('hex');

  const first = await idempotencyRepository.claim(db, id, requestHash, {
    keepHours: idempotencyKeyHours,
    abandonedAfterMinutes,
  });
  if (first) {
    if (first.requestHash !== requestHash) {
      throw new AppError(
        'unprocessable',
        'This Idempotency-Key was used for a different request; send a new key with a new request',
      );
    }
    if (first.responseStatus === null) {
      throw new AppError(
        'conflict',
        'A request with this Idempotency-Key is still being answered; retry in a moment',
        undefined,
        { 'Retry-After': '1' },
      );
    }
    const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
    if (!first.responseBody) return c.body(null, first.responseStatus as 204, headers);
    headers['Content-Type'] = 'application/json';
    return c.body(first.responseBody, first.responseStatus as 200, headers);
  }

  try {
    await next();
  } catch (error) {
    await idempotencyRepository.release(db, id);
    throw error;
  }
  if (c.res.status >= 500) await idempotencyRepository.release(db, id);
  else await idempotencyRepository.keepAnswer(db, id, c.res.status, await c.res.clone().text());
}
