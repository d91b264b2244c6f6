import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCampaignTokens } from './campaign-tokens';

const tokens = createCampaignTokens(randomBytes(32));
const subject = { kind: 'send' as const, tenantId: randomUUID(), id: randomUUID() };

describe('campaign tokens (issue 23: signed, so they cannot be forged or enumerated)', () => {
  it('reads back what it signed', () => {
    const token = tokens.sign(subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]{60}$/);
    expect(tokens.read(token)).toEqual(subject);
    expect(tokens.read(tokens.sign({ ...subject, kind: 'campaign' }))).toEqual({
      ...subject,
      kind: 'campaign',
    });
  });

  it('names nothing once a character is changed, or under another key', () => {
    const token = tokens.sign(subject);
    for (const at of [0, 10, 30, 50, 59]) {
      const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      expect(tokens.read(changed)).toBeNull();
    }
    expect(createCampaignTokens(randomBytes(32)).read(token)).toBeNull();
    expect(tokens.read('')).toBeNull();
    expect(tokens.read(`${token}A`)).toBeNull();
  });

  it('makes bounce tags that fit an address and survive a change of letter case', () => {
    const tag = tokens.bounceTag(subject.id);
    // <slug>+<tag>: 64 characters leave the slug 22.
    expect(tag.length).toBe(41);
    expect(tokens.readBounceTag(tag)).toBe(subject.id);
    expect(tokens.readBounceTag(tag.toUpperCase())).toBe(subject.id);
    const forged = tag.slice(0, -1) + (tag.endsWith('a') ? 'b' : 'a');
    expect(tokens.readBounceTag(forged)).toBeNull();
    expect(tokens.readBounceTag(`bounce-${'a'.repeat(34)}`)).toBeNull();
    // The last letter holds two unused bits: setting them spells another tag, which names nothing.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
    const last = alphabet.indexOf(tag.at(-1)!);
    for (const unused of [1, 2, 3]) {
      expect(tokens.readBounceTag(tag.slice(0, -1) + alphabet[last | unused])).toBeNull();
    }
  });
});
