import type { Database } from '@atrium/db';
import { createAuth, type Auth } from './auth/auth';
import { resolveAuthSecret } from './auth/auth-secret';
import type { Config } from './config/config';
import type { Logger } from './logging/logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createLocalFileStorage, type FileStorage } from './storage/file-storage';

/** The services every module uses, built once per process from the validated config. */
export type Platform = {
  config: Config;
  log: Logger;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: FileStorage;
  version: string;
};

export function createPlatform(options: {
  config: Config;
  log: Logger;
  database: Database;
  version: string;
}): Platform {
  const { config, log, database } = options;
  const baseURL = config.publicUrl ?? `http://localhost:${config.port}`;
  return {
    ...options,
    auth: createAuth({
      db: database.db,
      secret: resolveAuthSecret(config.authSecret, config.database.dataDir),
      baseURL,
      // Same machine, two spellings: both reach the app when no public URL is configured.
      trustedOrigins: [
        `http://localhost:${config.port}`,
        `http://127.0.0.1:${config.port}`,
        ...config.trustedOrigins,
      ],
    }),
    mailer: createMailer({ db: database.db, from: config.mail.from, smtpUrl: config.mail.smtpUrl, log }),
    storage: createLocalFileStorage(config.filesDir),
  };
}
