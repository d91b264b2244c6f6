import { Readable } from 'node:stream';
import { createMailboxSchema, inboundMailListQuerySchema, updateMailboxSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { AppError } from '../../platform/errors/app-error';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { HelpdeskService } from './helpdesk.service';

/** The path the raw-MIME endpoint answers at: the API takes a mail there instead of JSON. */
export const rawMailPath = '/api/v1/helpdesk/inbound-mail';
/** Where agents upload the files they attach to a message (multipart, field `file`). */
export const uploadPath = '/api/v1/helpdesk/uploads';

/**
 * A file name for Content-Disposition: an ASCII fallback and the exact name (RFC 6266), since names
 * come from senders. Always a download, never shown inline: a sender's HTML must not run here.
 */
const download = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const fileHeaders = (name: string, sizeBytes: number, contentType = 'application/octet-stream') => ({
  'Content-Type': contentType,
  'Content-Disposition': download(name),
  'Content-Length': String(sizeBytes),
  'X-Content-Type-Options': 'nosniff',
});

/**
 * Help desk mail (issue 21): the raw-MIME endpoint mail providers' inbound webhooks post to (an API
 * token with helpdesk:manage), where the workspace's mail arrives and what became of it (failed mail
 * kept for admins: download, try again), the IMAP mailboxes it polls, and the files that came with
 * messages.
 */
export function helpdeskMailRoutes(service: HelpdeskService, platform: Platform) {
  const maxBytes = platform.config.mail.inbound.maxBytes;
  return memberRouter(platform.auth, platform.database.db)
    .post('/inbound-mail', permit('helpdesk:manage'), async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      if (raw.length === 0) {
        throw new AppError('validation_failed', 'Send the raw message (RFC 5322) as the body', {
          body: 'Required',
        });
      }
      if (raw.length > maxBytes)
        throw new AppError('payload_too_large', `A mail may have at most ${maxBytes} bytes`);
      const result = await service.mailIn.receive(c.get('member').tenantId, raw, 'api');
      return c.json(result, result.duplicate ? 200 : 201);
    })
    .get('/inbound-mail', permit('helpdesk:manage'), async (c) =>
      c.json(await service.mailIn.listMail(c.get('member'), readQuery(c, inboundMailListQuerySchema))),
    )
    .get('/inbound-mail/:id/raw', permit('helpdesk:manage'), async (c) => {
      const file = await service.mailIn.rawMail(c.get('member'), idParam(c));
      return c.body(
        Readable.toWeb(file.stream) as ReadableStream<Uint8Array>,
        200,
        fileHeaders('message.eml', file.sizeBytes, 'message/rfc822'),
      );
    })
    .post('/inbound-mail/:id/retry', permit('helpdesk:manage'), async (c) =>
      c.json(await service.mailIn.retry(c.get('member'), idParam(c))),
    )
    .get('/mailboxes', permit('helpdesk:manage'), async (c) =>
      c.json(await service.listMailboxes(c.get('member'))),
    )
    .post('/mailboxes', permit('helpdesk:manage'), async (c) =>
      c.json(await service.createMailbox(c.get('member'), await readBody(c, createMailboxSchema)), 201),
    )
    .patch('/mailboxes/:id', permit('helpdesk:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.updateMailbox(c.get('member'), id, await readBody(c, updateMailboxSchema)));
    })
    .delete('/mailboxes/:id', permit('helpdesk:manage'), async (c) => {
      await service.deleteMailbox(c.get('member'), idParam(c));
      return c.body(null, 204);
    })
    .post('/mailboxes/:id/poll', permit('helpdesk:manage'), async (c) =>
      c.json(await service.pollMailbox(c.get('member'), idParam(c))),
    )
    .post('/uploads', permit('helpdesk:view'), async (c) => {
      if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
        // Read what was sent all the same: an unread body would leave the connection unusable.
        await c.req.arrayBuffer();
        throw new AppError('unsupported_media_type', 'Send the file as multipart form data, field "file"');
      }
      const form = await c.req.parseBody();
      const file = form.file;
      if (!(file instanceof File)) {
        throw new AppError('validation_failed', 'Send the file as multipart form data, field "file"', {
          file: 'Choose a file',
        });
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      return c.json(
        await service.upload(c.get('member'), { name: file.name, contentType: file.type, bytes }),
        201,
      );
    })
    .get('/mail-settings', permit('helpdesk:view'), async (c) =>
      c.json(await service.mailIn.mailSettings(c.get('member'))),
    )
    .get('/tickets/:id/attachments/:fileId', permit('helpdesk:view'), async (c) => {
      const file = await service.attachment(c.get('member'), idParam(c), idParam(c, 'fileId'));
      return c.body(
        Readable.toWeb(file.stream) as ReadableStream<Uint8Array>,
        200,
        fileHeaders(file.name, file.sizeBytes),
      );
    });
}
