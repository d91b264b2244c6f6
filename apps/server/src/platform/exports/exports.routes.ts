import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Context } from 'hono';
import type { Action } from '@atrium/shared';
import { memberRouter, type MemberEnv } from '../auth/member-context';
import { idParam } from '../http/request-input';
import type { Platform } from '../platform';
import type { BackgroundExports } from './background-exports';
import type { ExportFile, ExportSource } from './export-source';

/** `attachment; filename="..."`: names are ours (module and dates), never a client's text. */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * A file sent as it is made, pulled as the client reads: a client that goes away cancels the rest.
 * For exports that stay small enough to wait for; a bigger one goes through sendExport.
 */
export function streamFile(c: Context<MemberEnv>, file: ExportFile): Response {
  const encoder = new TextEncoder();
  async function* bytes() {
    for await (const piece of file.pieces(() => undefined)) {
      yield typeof piece === 'string' ? encoder.encode(piece) : piece;
    }
  }
  return c.body(ReadableStream.from(bytes()), 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': attachment(file.fileName),
    'Cache-Control': 'no-store',
  });
}

/**
 * An export route's answer (issue 17). A file of more than `backgroundRows` rows is made in the
 * background: 202 with the export's state, and Location to poll. A smaller one is streamed. The
 * route states its permission with permit() and names the same one here: fetching the file later
 * requires it.
 */
export async function sendExport(
  c: Context<MemberEnv>,
  { exports, permission, source }: { exports: BackgroundExports; permission: Action; source: ExportSource },
): Promise<Response> {
  if (await source.exceeds(exports.backgroundRows)) {
    const job = await exports.start(c.get('member'), permission, source);
    return c.json(job, 202, { Location: `/api/v1/exports/${job.id}`, 'Cache-Control': 'no-store' });
  }
  return streamFile(c, source);
}

/**
 * GET /exports/:id, the state of a background export, and GET /exports/:id/download, its file once
 * ready. Any member may ask; each export answers only the member who started it, while they still
 * hold the permission its route required (404 otherwise, as for another workspace's).
 */
export function exportsRoutes(platform: Platform) {
  const { exports } = platform;
  return memberRouter(platform.auth, platform.database.db)
    .get('/:id', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await exports.status(c.get('member'), idParam(c)));
    })
    .get('/:id/download', async (c) => {
      const file = await exports.download(c.get('member'), idParam(c));
      const headers = {
        'Content-Type': file.contentType,
        'Content-Disposition': attachment(file.fileName),
        'Cache-Control': 'no-store',
      };
      // Stored gzipped: sent as it is to every client that takes gzip (every browser).
      if (acceptsGzip(c.req.header('Accept-Encoding'))) {
        return c.body(Readable.toWeb(file.gzipped) as ReadableStream<Uint8Array>, 200, {
          ...headers,
          'Content-Encoding': 'gzip',
          ...(file.gzippedBytes !== null ? { 'Content-Length': String(file.gzippedBytes) } : {}),
        });
      }
      const plain = createGunzip();
      pipeline(file.gzipped, plain).catch(() => undefined);
      return c.body(Readable.toWeb(plain) as ReadableStream<Uint8Array>, 200, headers);
    });
}
