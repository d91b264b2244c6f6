import type { Context } from 'hono';
import { z } from 'zod';
import { notFound } from '../errors/app-error';

/** The JSON body validated by a shared schema; a ZodError becomes 400 validation_failed with fields. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  return schema.parse(text.trim() === '' ? {} : JSON.parse(text));
}

/**
 * Query parameters validated by a shared schema. A parameter given several times reads as its values
 * comma-separated (`status=todo&status=review` is `status=todo,review`), so no value is dropped unseen.
 */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  const params = Object.fromEntries(
    Object.entries(c.req.queries()).map(([name, values]) => [name, values.join(',')]),
  );
  return schema.parse(params);
}

/** A record id from the path; anything that is not a uuid cannot exist, so it is a 404. */
export function idParam(c: Context, name = 'id'): string {
  const value = c.req.param(name);
  if (!value || !z.uuid().safeParse(value).success) throw notFound();
  return value;
}

/** Passes on the session cookies the auth library set. */
export function setCookies(c: Context, cookies: string[]) {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}
