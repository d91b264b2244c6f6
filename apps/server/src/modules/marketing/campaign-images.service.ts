import { maxUploadedImageBytes, uploadedImageTypeOf, type CampaignImage } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound, unprocessable } from '../../platform/errors/app-error';
import { storedFilesRepository } from '../../platform/storage/stored-files.repository';
import { campaignImagesRepository as repository } from './campaign-images.repository';
import type { MarketingDeps } from './marketing-deps';

/** Where a campaign image is served: public, as the mail showing it is read without signing in. */
export const campaignImagePath = (fileId: string) => `/m/i/${fileId}`;

/** Images for the image blocks of email campaigns (issue 23), stored in the workspace's file storage. */
export function createCampaignImagesService(deps: MarketingDeps) {
  const { db, storage } = deps;
  return {
    async add(
      member: Member,
      campaignId: string,
      file: { name: string; bytes: Buffer },
    ): Promise<CampaignImage> {
      const type = await repository.campaignType(db, member.tenantId, campaignId);
      if (!type) throw notFound('Campaign');
      if (type !== 'email')
        throw unprocessable('Only email campaigns show images', { file: 'Only email campaigns show images' });
      if (file.bytes.length > maxUploadedImageBytes) {
        throw new AppError(
          'payload_too_large',
          `An image may have at most ${maxUploadedImageBytes / 1024 / 1024} MB`,
        );
      }
      const contentType = uploadedImageTypeOf(file.bytes);
      if (!contentType) {
        throw new AppError('validation_failed', 'Choose a PNG, JPEG, GIF or WebP image', {
          file: 'Choose a PNG, JPEG, GIF or WebP image',
        });
      }
      const stored = await storage.put(member.tenantId, file.bytes);
      const row = await storedFilesRepository.insert(db, {
        tenantId: member.tenantId,
        storageKey: stored.key,
        fileName: file.name.trim().slice(0, 255) || 'image',
        contentType,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        uploadedBy: member.userId,
        unattachedSince: deps.now(),
      });
      await repository.insert(db, { tenantId: member.tenantId, fileId: row.id, campaignId });
      return { id: row.id, url: `${deps.publicUrl}${campaignImagePath(row.id)}` };
    },

    /** An image's bytes for anyone who has its address; undefined: no such campaign image (404). */
    async image(fileId: string) {
      const image = await repository.image(db, fileId);
      if (!image) return undefined;
      return {
        contentType: image.contentType,
        sizeBytes: image.sizeBytes,
        stream: storage.read(image.storageKey),
      };
    },
  };
}

export type CampaignImagesService = ReturnType<typeof createCampaignImagesService>;
