import { describe, expect, it } from 'vitest';
import { defaultAltOf } from './image-alt';

describe('defaultAltOf', () => {
  it('is the file name without its extension, dashes and underscores as spaces', () => {
    expect(defaultAltOf('export-button.png')).toBe('export button');
    expect(defaultAltOf('Invoice_list__2026.JPEG')).toBe('Invoice list 2026');
    expect(defaultAltOf('screen shot.v2.webp')).toBe('screen shot.v2');
    expect(defaultAltOf('-billing-.gif')).toBe('billing');
  });

  it('keeps the whole name when nothing else is left', () => {
    expect(defaultAltOf('--.png')).toBe('--.png');
  });
});
