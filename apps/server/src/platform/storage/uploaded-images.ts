import type { Db } from '@atrium/db';
import { maxUploadedImageBytes, uploadedImageTypeOf } from '@atrium/shared';
import type { Member } from '../auth/member-context';
import { AppError } from '../errors/app-error';
import type { FileStorage } from './file-storage';
import { storedFilesRepository } from './stored-files.repository';

/**
 * Stores an image a member uploaded, waiting to be attached (an article's or a campaign's): only png,
 * jpeg, gif or webp by its own bytes, never by the name or the claimed type, as it may be served to
 * anyone. The stored file's id.
 */
export async function storeUploadedImage(
  deps: { db: Db; storage: FileStorage; now: () => Date },
  member: Member,
  file: { name: string; bytes: Buffer },
): Promise<string> {
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
  const stored = await deps.storage.put(member.tenantId, file.bytes);
  const row = await storedFilesRepository.insert(deps.db, {
    tenantId: member.tenantId,
    storageKey: stored.key,
    fileName: file.name.trim().slice(0, 255) || 'image',
    contentType,
    sizeBytes: stored.sizeBytes,
    sha256: stored.sha256,
    uploadedBy: member.userId,
    unattachedSince: deps.now(),
  });
  return row.id;
}
