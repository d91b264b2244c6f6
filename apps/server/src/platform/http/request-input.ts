import type { Context } from 'hono';
import { z } from 'zod';
import { notFound } from '../errors/app-error';

/** The JSON body validated by a shared schema; a ZodError becomes 400 validation_failed with fields. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  return schema.parse(text.trim() === '' ? {} : JSON.parse(text));
}

/** Query parameters validated by a shared schema. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return schema.parse(c.req.query());
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
