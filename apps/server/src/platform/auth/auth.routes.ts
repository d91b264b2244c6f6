import { Hono } from 'hono';
import { errorCodes, errorStatus, type ErrorCode } from '@atrium/shared';
import { errorResponse, handleNotFound } from '../errors/error-handler';
import type { AppEnv } from '../http/app-env';
import type { Auth } from './auth';

const codeByStatus = new Map<number, ErrorCode>(
  errorCodes
    .filter((code) => !['invalid_json', 'validation_failed'].includes(code))
    .map((code) => [errorStatus[code], code]),
);

/**
 * The Better Auth endpoints clients may call directly. Sign-up, sign-in, sign-out and changing a
 * password go through /api/v1 instead (workspace creation, the one password check with its
 * throttling, deactivated members), so the library's own versions of those stay closed.
 */
// get-session and list-sessions stay closed too: they hand session tokens to JavaScript, which would
// undo HttpOnly. /api/v1/session answers "who is signed in" instead.
// verify-email is the link of the confirmation mail, which signs the new account in.
const exposed = new Set(['/revoke-other-sessions', '/verify-email']);

/**
 * Better Auth's endpoints under /api/auth. Its failures are re-worded into the API's one error format
 * so every client parses errors the same way.
 */
export function authRoutes(auth: Auth) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    if (!exposed.has(c.req.path.replace(/^\/api\/auth/, ''))) return handleNotFound(c);
    const response = await auth.handler(c.req.raw);
    if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return response;
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    const headers: Record<string, string> = {};
    const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
    if (retryAfter) headers['Retry-After'] = retryAfter;
    return errorResponse(c, {
      status: response.status,
      code: codeByStatus.get(response.status) ?? (response.status >= 500 ? 'internal' : 'bad_request'),
      message: body.message ?? 'The request could not be completed',
      headers,
    });
  });
}
