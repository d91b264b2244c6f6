import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredObject = { key: string; sizeBytes: number; sha256: string };

export type FileStorage = {
  /** Stores bytes under a new key inside the tenant's folder. */
  put(tenantId: string, data: Buffer | Readable): Promise<StoredObject>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
};

const keyPattern = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** Files on local disk (default `./data/files`); metadata lives in the database, bytes here. */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    // Keys are generated here, but also come back from the database: never let one escape the root.
    if (!keyPattern.test(key)) throw new Error(`Invalid storage key: ${key}`);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };

  return {
    async put(tenantId, data) {
      const key = `${tenantId}/${randomUUID()}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      const temporary = `${path}.partial`;
      try {
        await pipeline(source, measure, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { key, sizeBytes, sha256: hash.digest('hex') };
    },
    read: (key) => createReadStream(pathOf(key)),
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
