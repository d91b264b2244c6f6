import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a link in campaign mail names (issue 23): one send (a campaign to one lead), or, with
 * per-person tracking off, only the campaign.
 */
export type TokenSubject = { kind: 'send' | 'campaign'; tenantId: string; id: string };

const kinds = { send: 1, campaign: 2 } as const;
const macBytes = 12;
/** A bounce address's local part is at most 64 characters with the slug: a shorter signature. */
const bounceMacBytes = 5;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

// Mail servers may change the case of an address's local part: bounce tokens use lower-case base32.
const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}
function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toLowerCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * Signed, unguessable tokens for the pixel, the rewritten links, the unsubscribe link and the bounce
 * address. The database keeps no secret: a token is the ids it names and an HMAC of them under a key
 * for this purpose alone (platform.keyFor), so an altered or made-up one names nothing.
 */
export function createCampaignTokens(key: Buffer) {
  const mac = (payload: Buffer, bytes: number) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, bytes);
  const genuine = (payload: Buffer, given: Buffer, bytes: number) =>
    given.length === bytes && timingSafeEqual(given, mac(payload, bytes));

  return {
    /** For URLs: base64url, 60 characters. */
    sign(subject: TokenSubject): string {
      const payload = Buffer.concat([
        Buffer.from([kinds[subject.kind]]),
        uuidBytes(subject.tenantId),
        uuidBytes(subject.id),
      ]);
      return Buffer.concat([payload, mac(payload, macBytes)]).toString('base64url');
    },

    /** What a genuine token names; null for anything else. */
    read(token: string): TokenSubject | null {
      if (!/^[A-Za-z0-9_-]{60}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      const payload = bytes.subarray(0, 33);
      if (!genuine(payload, bytes.subarray(33), macBytes)) return null;
      const kind = payload[0] === kinds.send ? 'send' : payload[0] === kinds.campaign ? 'campaign' : null;
      if (!kind) return null;
      return { kind, tenantId: uuidOf(payload.subarray(1, 17)), id: uuidOf(payload.subarray(17, 33)) };
    },

    /** The part of a send's bounce address after "<slug>+": `bounce-` and 34 characters. */
    bounceTag(sendId: string): string {
      if (!uuidPattern.test(sendId)) throw new Error('campaign tokens: not a send id');
      const payload = uuidBytes(sendId);
      return `bounce-${base32(Buffer.concat([payload, mac(Buffer.concat([Buffer.from('b'), payload]), bounceMacBytes)]))}`;
    },

    /** The send a genuine bounce tag names (any letter case); null for anything else. */
    readBounceTag(tag: string): string | null {
      const match = /^bounce-([a-z2-7]{34})$/i.exec(tag);
      const bytes = match ? fromBase32(match[1]!) : null;
      if (!bytes || bytes.length !== 16 + bounceMacBytes) return null;
      // One spelling per tag: the last letter's unused bits must be zero, or two tags would name one send.
      if (base32(bytes) !== match![1]!.toLowerCase()) return null;
      const payload = bytes.subarray(0, 16);
      const signed = Buffer.concat([Buffer.from('b'), payload]);
      return genuine(signed, bytes.subarray(16), bounceMacBytes) ? uuidOf(payload) : null;
    },
  };
}

export type CampaignTokens = ReturnType<typeof createCampaignTokens>;
