import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('an auth secret of enough length 0123', 'helpdesk mailbox password');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('hunter2 ünïcode');
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toBe('hunter2 ünïcode');
    expect(box.seal('hunter2 ünïcode')).not.toBe(sealed);
  });

  it('refuses a value sealed under another AUTH_SECRET or purpose, or altered', () => {
    const sealed = box.seal('hunter2');
    expect(() =>
      createSecretBox('another secret entirely 0123456789', 'helpdesk mailbox password').open(sealed),
    ).toThrow();
    expect(() =>
      createSecretBox('an auth secret of enough length 0123', 'another purpose').open(sealed),
    ).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed secret');
  });
});
