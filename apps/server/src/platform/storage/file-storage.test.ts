import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from './file-storage';

const root = mkdtempSync(join(tmpdir(), 'atrium-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalFileStorage(root);
const tenantId = randomUUID();

describe('local file storage', () => {
  it('stores bytes under the tenant, reports size and checksum, and reads them back', async () => {
    const content = 'quarterly report\n'.repeat(1000);
    const stored = await storage.put(tenantId, Readable.from([content]));
    expect(stored.key.startsWith(`${tenantId}/`)).toBe(true);
    expect(stored.sizeBytes).toBe(Buffer.byteLength(content));
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await text(storage.read(stored.key))).toBe(content);
    expect(await storage.exists(stored.key)).toBe(true);
  });

  it('removes a file', async () => {
    const stored = await storage.put(tenantId, Buffer.from('temporary'));
    await storage.remove(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
  });

  it('refuses keys that could escape the storage root', () => {
    for (const key of ['../etc/passwd', `${tenantId}/../../x`, '/etc/passwd', `${tenantId}/a b`]) {
      expect(() => storage.read(key)).toThrow(/Invalid storage key/);
    }
  });

  it('leaves nothing behind when the upload stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put(tenantId, failing)).rejects.toThrow('connection reset');
    expect(readdirSync(join(root, tenantId)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});
