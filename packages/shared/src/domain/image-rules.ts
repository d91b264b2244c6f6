// Images members upload (issue 22: article images; issue 23: campaign images).

/** The images an article or an email may show, by their first bytes: what a browser and a mail client show everywhere. */
export const uploadedImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type UploadedImageType = (typeof uploadedImageTypes)[number];

export const maxUploadedImageBytes = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * The real type of an uploaded image, read from its signature rather than the name or the type the
 * browser claimed (an "image" that is html must never be served as one); undefined for anything else.
 */
export function uploadedImageTypeOf(bytes: Uint8Array): UploadedImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}
