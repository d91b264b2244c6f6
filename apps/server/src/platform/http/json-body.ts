import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors/error-handler';
import type { AppEnv } from './app-env';

/**
 * Every JSON body the API receives is checked once, here, before any handler (ours or the auth
 * library's) sees it: malformed JSON is a 400 in the error format wherever it is sent.
 */
export const requireWellFormedJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (c.req.raw.body && /^application\/(.+\+)?json/i.test(type)) {
    const text = await c.req.raw.clone().text();
    if (text.trim() !== '') {
      try {
        JSON.parse(text);
      } catch {
        return errorResponse(c, 400, 'invalid_json', 'The request body is not valid JSON');
      }
    }
  }
  return next();
};
