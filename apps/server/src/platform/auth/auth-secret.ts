import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The key that signs session cookies. AUTH_SECRET wins; otherwise one is generated on first start and
 * kept in the data directory, so `npm start` needs no set-up and sessions survive restarts. Several
 * server processes must share AUTH_SECRET.
 */
export function resolveAuthSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
