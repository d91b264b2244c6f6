// The backup file is a gzipped tar, so `tar -tzf atrium.backup` lists it and any tar unpacks it.
// tar-stream writes and reads the entries as streams: nothing is held in memory whole.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tarStream from 'tar-stream';

export type TarWriter = {
  /**
   * Appends a file from disk; `size` must be its size now (the header is written first). Answers
   * the SHA-256 of what it archived.
   */
  addFile(name: string, path: string, size: number): Promise<string>;
  addBuffer(name: string, data: Buffer): Promise<void>;
  /** Writes the end of the archive and waits until the file is flushed. */
  finish(): Promise<void>;
};

/** A gzipped tar written to `file` as entries are added. */
export function createTarWriter(file: string): TarWriter {
  const pack = tarStream.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(file));
  // A write error surfaces through `done`; keep it from being an unhandled rejection meanwhile.
  done.catch(() => undefined);
  return {
    async addFile(name, path, size) {
      const hash = createHash('sha256');
      const entry = pack.entry({ name, size, mode: 0o644 });
      const source = createReadStream(path);
      source.on('data', (chunk) => hash.update(chunk));
      // tar-stream refuses an entry whose bytes differ from its size: a file that grew or shrank.
      await Promise.race([pipeline(source, entry), done]);
      return hash.digest('hex');
    },
    async addBuffer(name, data) {
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: data.length, mode: 0o644 }, data, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
    async finish() {
      pack.finalize();
      await done;
    },
  };
}

/** Unpacks a gzipped tar into `dir`, refusing entries that would land outside it. */
export async function extractTar(file: string, dir: string): Promise<string[]> {
  const names: string[] = [];
  const extract = tarStream.extract();
  const unpacked = pipeline(createReadStream(file), createGunzip(), extract);
  const written = (async () => {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') {
        // Directories and other kinds are not part of an Atrium backup.
        entry.resume();
        continue;
      }
      const path = normalize(join(dir, name));
      if (!path.startsWith(normalize(dir) + sep)) throw new Error(`tar: entry outside the archive: ${name}`);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(entry, createWriteStream(path, { flags: 'wx' }));
      names.push(name);
    }
  })();
  // A cut-off file fails both: the first failure is the answer, the other is handled with it.
  await Promise.all([unpacked, written]);
  return names;
}
