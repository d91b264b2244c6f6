import type { Context } from 'hono';
import { z } from 'zod';
import { AppError, notFound } from '../errors/app-error';

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

/** An uploaded image: multipart form data with the file in the field `file` (its bytes and name). */
export async function readUploadedImage(c: Context): Promise<{ name: string; bytes: Buffer }> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
    // Read what was sent all the same: an unread body would leave the connection unusable.
    await c.req.arrayBuffer();
    throw new AppError('unsupported_media_type', 'Send the image as multipart form data, field "file"');
  }
  const file = (await c.req.parseBody()).file;
  if (!(file instanceof File)) {
    throw new AppError('validation_failed', 'Send the image as multipart form data, field "file"', {
      file: 'Choose an image',
    });
  }
  return { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
}
