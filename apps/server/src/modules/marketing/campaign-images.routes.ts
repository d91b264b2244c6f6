import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { notFound } from '../../platform/errors/app-error';
import type { AppEnv } from '../../platform/http/app-env';
import { idParam, readUploadedImage } from '../../platform/http/request-input';
import type { CampaignImagesService } from './campaign-images.service';

/** Where images are uploaded (multipart, field `file`): its own body limit. */
export const campaignImageUploadPath = /^\/api\/v1\/marketing\/campaigns\/[^/]+\/images$/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Under /api/v1/marketing: those who may change campaigns upload their images. */
export function campaignImagesRoutes(service: CampaignImagesService) {
  return new Hono<MemberEnv>().post('/campaigns/:id/images', permit('marketing:manage'), async (c) => {
    const id = idParam(c);
    return c.json(await service.add(c.get('member'), id, await readUploadedImage(c)), 201);
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
