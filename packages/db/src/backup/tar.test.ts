// The backup's archive: what it writes, it and the system's tar read back; a cut-off file is an error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTarWriter, extractTar } from './tar';

const dir = mkdtempSync(join(tmpdir(), 'atrium-tar-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Sizes around the 512-byte blocks: empty, one short, exact, one over, and several blocks.
const contents: Record<string, Buffer> = {
  'manifest.json': Buffer.from('{"format":"atrium-backup"}'),
  'tables/0000.copy': Buffer.alloc(0),
  'tables/0001.copy': Buffer.alloc(511, 'a'),
  'files/a/b': Buffer.alloc(512, 'b'),
  'files/a/c': Buffer.alloc(513, 'c'),
  'files/d/e': Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251)),
};

async function write(file: string) {
  const tar = createTarWriter(file);
  for (const [name, data] of Object.entries(contents)) {
    if (name.startsWith('files/')) {
      const source = join(dir, name.replaceAll('/', '_'));
      writeFileSync(source, data);
      expect(await tar.addFile(name, source, data.length)).toMatch(/^[0-9a-f]{64}$/);
    } else {
      await tar.addBuffer(name, data);
    }
  }
  await tar.finish();
}

describe('backup archive', () => {
  it('reads back every entry byte for byte', async () => {
    const file = join(dir, 'round-trip.tar.gz');
    await write(file);
    const out = join(dir, 'round-trip');
    expect((await extractTar(file, out)).sort()).toEqual(Object.keys(contents).sort());
    for (const [name, data] of Object.entries(contents)) expect(readFileSync(join(out, name))).toEqual(data);
  });

  it('is a tar.gz that the system tar lists', async () => {
    const file = join(dir, 'listed.tar.gz');
    await write(file);
    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed.sort()).toEqual(Object.keys(contents).sort());
  });

  it('refuses a cut-off archive', async () => {
    const file = join(dir, 'cut.tar.gz');
    await write(file);
    truncateSync(file, 400);
    await expect(extractTar(file, join(dir, 'cut'))).rejects.toThrow();
  });
});
