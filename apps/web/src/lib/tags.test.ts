import { describe, expect, it } from 'vitest';
import { addTags, splitTags } from './tags';

describe('the tag box', () => {
  it('turns commas typed in the tag box into tags and keeps the unfinished rest', () => {
    expect(splitTags('design, research,')).toEqual({ tags: ['design', 'research'], rest: '' });
    expect(splitTags('design,, ux')).toEqual({ tags: ['design'], rest: ' ux' });
    expect(splitTags('plain')).toEqual({ tags: [], rest: 'plain' });
  });

  it('adds tags once, in order', () => {
    expect(addTags(['design'], ['Design', 'ux', 'ux'])).toEqual(['design', 'ux']);
  });
});
