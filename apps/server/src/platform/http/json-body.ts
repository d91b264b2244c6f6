import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors/error-handler';
import type { AppEnv } from './app-env';

const jsonType = /^application\/(.+\+)?json\s*(;|$)/i;

/**
 * Every body the API receives is checked once, here, before any handler (ours or the auth
 * library's) sees it: it must be declared JSON — a text/plain body is what a cross-site form can send
 * without asking (issue 17) — and be well-formed, or it is refused in the error format.
 */
export const requireWellFormedJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.raw.body) return next();
  const text = await c.req.raw.clone().text();
  if (text.trim() === '') return next();
  if (!jsonType.test(c.req.header('content-type') ?? '')) {
    return errorResponse(c, {
      status: 415,
      code: 'unsupported_media_type',
      message: 'Send the body as JSON (Content-Type: application/json)',
    });
  }
  try {
    JSON.parse(text);
  } catch {
    return errorResponse(c, {
      status: 400,
      code: 'invalid_json',
      message: 'The request body is not valid JSON',
    });
  }
  return next();
};
