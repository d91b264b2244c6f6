import type { CampaignImage } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { notFound, unprocessable } from '../../platform/errors/app-error';
import { storeUploadedImage } from '../../platform/storage/uploaded-images';
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
      const fileId = await storeUploadedImage(deps, member, file);
      await repository.insert(db, { tenantId: member.tenantId, fileId, campaignId });
      return { id: fileId, url: `${deps.publicUrl}${campaignImagePath(fileId)}` };
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
