import { describe, expect, it } from 'vitest';
import { uploadedImageTypeOf } from './image-rules';

describe('uploaded images (issues 22 and 23)', () => {
  it('knows an image by its first bytes, whatever it is called', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    const ascii = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));
    expect(uploadedImageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(uploadedImageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(uploadedImageTypeOf(ascii('GIF89a....'))).toBe('image/gif');
    expect(uploadedImageTypeOf(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(uploadedImageTypeOf(ascii('<svg onload="alert(1)">'))).toBeUndefined();
    expect(uploadedImageTypeOf(ascii('<html><script>'))).toBeUndefined();
    expect(uploadedImageTypeOf(bytes())).toBeUndefined();
  });
});
