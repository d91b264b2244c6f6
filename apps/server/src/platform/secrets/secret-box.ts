import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets the app must read back (an IMAP mailbox's password, issue 21) with AES-256-GCM,
 * under a key derived from AUTH_SECRET for one purpose: a stolen database alone reveals none of them,
 * and one purpose's key opens nothing of another's.
 */
export type SecretBox = {
  seal(plaintext: string): string;
  /** Throws when the value was not sealed with this key (AUTH_SECRET changed) or was altered. */
  open(sealed: string): string;
};

const version = 'v1';

/**
 * A key for one purpose (sealing mailbox passwords, signing rating links, hashing visitors), derived
 * from AUTH_SECRET: one purpose's key tells nothing of another's, and the secret itself stays here.
 */
export const keyFor = (authSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', authSecret, 'atrium', purpose, 32));

export function createSecretBox(authSecret: string, purpose: string): SecretBox {
  const key = keyFor(authSecret, purpose);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [tag, iv, authTag, body] = sealed.split('.');
      if (tag !== version || !iv || !authTag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
