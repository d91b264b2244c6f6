import type { Context } from 'hono';

/** The token of an `Authorization: Bearer <token>` header, or null when the request has none. */
export function bearerTokenOf(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (match) return match[1]!;
  // A malformed bearer header is still a bearer request: it must not fall back to the cookie.
  return header && /^bearer\b/i.test(header) ? '' : null;
}
