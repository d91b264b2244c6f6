import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { AppEnv } from '../../platform/http/app-env';
import { idParam } from '../../platform/http/request-input';
import type { CampaignImagesService } from './campaign-images.service';

/** Where images are uploaded (multipart, field `file`): its own body limit. */
export const campaignImageUploadPath = /^\/api\/v1\/marketing\/campaigns\/[^/]+\/images$/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Under /api/v1/marketing: those who may change campaigns upload their images. */
export function campaignImagesRoutes(service: CampaignImagesService) {
  return new Hono<MemberEnv>().post('/campaigns/:id/images', permit('marketing:manage'), async (c) => {
    const id = idParam(c);
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
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await service.add(c.get('member'), id, { name: file.name, bytes }), 201);
  });
}

/** Under /m: an image for anyone with its address, as mail clients fetch it without signing in. */
export function campaignImageFileRoutes(service: CampaignImagesService) {
  return new Hono<AppEnv>().get('/i/:fileId', async (c) => {
    const fileId = c.req.param('fileId');
    const image = uuidPattern.test(fileId) ? await service.image(fileId) : undefined;
    if (!image) throw notFound('Image');
    return c.body(Readable.toWeb(image.stream) as ReadableStream<Uint8Array>, 200, {
      'Content-Type': image.contentType,
      'Content-Length': String(image.sizeBytes),
      'X-Content-Type-Options': 'nosniff',
      // Shown by mail clients and by the editor's preview, whose frame has an origin of its own.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // A file id is never reused for other bytes.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
