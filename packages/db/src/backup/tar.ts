// The backup file is a gzipped tar (POSIX ustar), so `tar -tzf atrium.backup` lists it and any
// tar unpacks it. No tar library is among the dependencies and the subset needed here is small:
// regular files only, names under 100 bytes (the archive's own layout), sizes past 8 GiB in
// the base-256 form GNU tar and libarchive read.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const block = 512;
const maxOctalSize = 8 ** 11 - 1;

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`tar: entry name longer than 100 bytes: ${name}`);
  const out = Buffer.alloc(block);
  nameBytes.copy(out, 0);
  out.write('0000644\0', 100, 'ascii'); // mode
  out.write('0000000\0', 108, 'ascii'); // uid
  out.write('0000000\0', 116, 'ascii'); // gid
  if (size <= maxOctalSize) out.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  else {
    out[124] = 0x80;
    out.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  out.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  out.write('        ', 148, 'ascii'); // checksum counts as spaces while summing
  out.write('0', 156, 'ascii'); // regular file
  out.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of out) sum += byte;
  out.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return out;
}

function parseSize(field: Buffer): number {
  if (((field[0] ?? 0) & 0x80) !== 0) return Number(field.readBigUInt64BE(field.length - 8));
  return parseInt(field.toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
}

export type TarWriter = {
  /**
   * Appends a file from disk; `size` must be its size now (the header is written first). Answers
   * the SHA-256 of what it archived.
   */
  addFile(name: string, path: string, size: number): Promise<string>;
  addBuffer(name: string, data: Buffer): Promise<void>;
  /** Writes the end-of-archive blocks and waits until the file is flushed. */
  finish(): Promise<void>;
};

/** A gzipped tar written to `file` as entries are added: nothing is held in memory. */
export function createTarWriter(file: string): TarWriter {
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file));
  // A write error surfaces through `done`; keep it from being an unhandled rejection meanwhile.
  done.catch(() => undefined);
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  };
  const padding = async (size: number) => {
    const rest = size % block;
    if (rest > 0) await write(Buffer.alloc(block - rest));
  };
  return {
    async addFile(name, path, size) {
      await write(header(name, size, new Date()));
      let written = 0;
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
        written += chunk.length;
        hash.update(chunk);
        if (written > size) throw new Error(`tar: ${path} grew while being archived`);
        await write(chunk);
      }
      if (written !== size) throw new Error(`tar: ${path} shrank while being archived`);
      await padding(size);
      return hash.digest('hex');
    },
    async addBuffer(name, data) {
      await write(header(name, data.length, new Date()));
      await write(data);
      await padding(data.length);
    },
    async finish() {
      await write(Buffer.alloc(block * 2));
      gzip.end();
      await done;
    },
  };
}

/** Unpacks a gzipped tar into `dir`, refusing entries that would land outside it. */
export async function extractTar(file: string, dir: string): Promise<string[]> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let entry: { out: Writable | undefined; remaining: number; skip: number } | undefined;
  let ended = false;

  const startEntry = async (head: Buffer) => {
    const name = head.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = head.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const fullName = prefix ? `${prefix}/${name}` : name;
    const size = parseSize(head.subarray(124, 136));
    const type = String.fromCharCode(head[156] ?? 0);
    const skip = (block - (size % block)) % block;
    if (type !== '0' && type !== '\0') {
      // Directories and other kinds are not part of an Atrium backup: skip their data.
      entry = { out: undefined, remaining: size, skip };
      return;
    }
    const path = normalize(join(dir, fullName));
    if (!path.startsWith(normalize(dir) + sep))
      throw new Error(`tar: entry outside the archive: ${fullName}`);
    await mkdir(dirname(path), { recursive: true });
    names.push(fullName);
    const out = createWriteStream(path, { flags: 'wx' });
    // Reported through finished() or once('drain'); without a listener a failure after the
    // extraction gave up would be an unhandled error.
    out.on('error', () => undefined);
    entry = { out, remaining: size, skip };
  };

  const readEntries = async () => {
    for await (const chunk of gunzip as Readable) {
      pending = pending.length === 0 ? (chunk as Buffer) : Buffer.concat([pending, chunk as Buffer]);
      for (;;) {
        if (entry && entry.remaining > 0) {
          if (pending.length === 0) break;
          const part = pending.subarray(0, Math.min(entry.remaining, pending.length));
          pending = pending.subarray(part.length);
          entry.remaining -= part.length;
          if (entry.out && !entry.out.write(part)) await once(entry.out, 'drain');
          continue;
        }
        if (entry) {
          if (pending.length < entry.skip) break;
          pending = pending.subarray(entry.skip);
          if (entry.out) {
            entry.out.end();
            await finished(entry.out);
          }
          entry = undefined;
        }
        if (ended || pending.length < block) break;
        const head = pending.subarray(0, block);
        pending = pending.subarray(block);
        if (head.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        await startEntry(head);
      }
    }
  };

  try {
    await readEntries();
  } catch (error) {
    entry?.out?.destroy();
    throw error;
  }
  if (entry || !ended) throw new Error('tar: the archive ends early (truncated backup file?)');
  return names;
}
