import { Readable } from 'node:stream';
import {
  createPortalDeflectionSchema,
  createPortalMessageSchema,
  createPortalTicketSchema,
  helpdeskOverviewQuerySchema,
  portalSuggestionQuerySchema,
  portalTicketListQuerySchema,
} from '@atrium/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { AppError, notFound } from '../../platform/errors/app-error';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { PortalService } from './portal.service';

/** Where customers upload the files they attach to a ticket or a reply (multipart, field `file`). */
export const portalUploadPath = '/api/v1/portal/uploads';

/** Always a download, never shown inline: what a customer or an agent attached must not run here. */
const download = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function uploadedFile(c: Context) {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
    // Read what was sent all the same: an unread body would leave the connection unusable.
    await c.req.arrayBuffer();
    throw new AppError('unsupported_media_type', 'Send the file as multipart form data, field "file"');
  }
  const file = (await c.req.parseBody()).file;
  if (!(file instanceof File)) {
    throw new AppError('validation_failed', 'Send the file as multipart form data, field "file"', {
      file: 'Choose a file',
    });
  }
  return { name: file.name, contentType: file.type, bytes: Buffer.from(await file.arrayBuffer()) };
}

/**
 * The upload's body is not read before its permission is checked (it is not JSON): a refused one is
 * read all the same afterwards, since an unread body would leave the connection unusable.
 */
const readUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.req.raw.bodyUsed) await c.req.arrayBuffer().catch(() => undefined);
};

/** An article's readable address (articleSlug); one longer than any slug names no article. */
function slugParam(c: Context) {
  const slug = c.req.param('slug') ?? '';
  if (slug.length === 0 || slug.length > 200) throw notFound('Article');
  return slug;
}

/**
 * The customer portal (issue 22), under /portal: a customer (portal:use) reads and writes only their
 * own tickets — another customer's ticket id is not found on every route.
 */
export function portalRoutes(service: PortalService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/tickets', permit('portal:use'), async (c) =>
      c.json(await service.listTickets(c.get('member'), readQuery(c, portalTicketListQuerySchema))),
    )
    .post('/tickets', permit('portal:use'), async (c) =>
      c.json(await service.createTicket(c.get('member'), await readBody(c, createPortalTicketSchema)), 201),
    )
    .get('/tickets/:id', permit('portal:use'), async (c) =>
      c.json(await service.getTicket(c.get('member'), idParam(c))),
    )
    .post('/tickets/:id/messages', permit('portal:use'), async (c) => {
      const id = idParam(c);
      return c.json(
        await service.reply(c.get('member'), id, await readBody(c, createPortalMessageSchema)),
        201,
      );
    })
    .post('/tickets/:id/close', permit('portal:use'), async (c) =>
      c.json(await service.close(c.get('member'), idParam(c))),
    )
    .post('/tickets/:id/reopen', permit('portal:use'), async (c) =>
      c.json(await service.reopen(c.get('member'), idParam(c))),
    )
    .get('/tickets/:id/attachments/:fileId', permit('portal:use'), async (c) => {
      const file = await service.attachment(c.get('member'), idParam(c), idParam(c, 'fileId'));
      return c.body(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': download(file.name),
        'Content-Length': String(file.sizeBytes),
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .post('/uploads', readUnreadBody, permit('portal:use'), async (c) =>
      c.json(await service.upload(c.get('member'), await uploadedFile(c)), 201),
    )
    .get('/suggestions', permit('portal:use'), async (c) =>
      c.json(await service.suggestions(c.get('member'), readQuery(c, portalSuggestionQuerySchema).q)),
    )
    .post('/deflections', permit('portal:use'), async (c) => {
      await service.deflect(c.get('member'), await readBody(c, createPortalDeflectionSchema));
      return c.body(null, 204);
    })
    .get('/articles/:slug', permit('portal:use'), async (c) =>
      c.json(await service.article(c.get('member'), slugParam(c))),
    );
}

/**
 * The portal as a chosen customer sees it, for agents (issue 22: a read-only preview), under
 * /helpdesk: the same reads as the portal's, so the preview cannot drift; no writes. And what the
 * portal saved the agents, for the overview.
 */
export function portalPreviewRoutes(service: PortalService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/portal-preview/:customerUserId/tickets', permit('helpdesk:view'), async (c) => {
      const customerUserId = idParam(c, 'customerUserId');
      return c.json(
        await service.previewTickets(
          c.get('member'),
          customerUserId,
          readQuery(c, portalTicketListQuerySchema),
        ),
      );
    })
    .get('/portal-preview/:customerUserId/tickets/:id', permit('helpdesk:view'), async (c) =>
      c.json(await service.previewTicket(c.get('member'), idParam(c, 'customerUserId'), idParam(c))),
    )
    .get('/portal-stats', permit('helpdesk:view'), async (c) =>
      c.json(await service.stats(c.get('member'), readQuery(c, helpdeskOverviewQuerySchema))),
    );
}
