// npm run restore -- FILE: a backup into an empty database and files directory (docs/adr/035).
import { restoreBackup } from '@atrium/db/backup';
import { jobsSchemaSql } from '../platform/jobs/jobs-schema';
import { fileArgument, openEnvironment, run } from './command-line';

const file = fileArgument('npm run restore -- FILE');
const { config, database, authSecretFile, describe } = await openEnvironment();
await run(async () => {
  try {
    console.error(`Restoring ${file} into ${describe} and ${config.filesDir} ...`);
    const started = performance.now();
    const { manifest, authSecret } = await restoreBackup({
      database,
      filesDir: config.filesDir,
      file,
      jobsSchemaSql: jobsSchemaSql(),
      ...(authSecretFile && { authSecretFile }),
      onProgress: (message) => console.error(`  ${message}`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} (Atrium ${manifest.atriumVersion}): ${rows} rows, ${manifest.files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (authSecret === 'left out') {
      console.log(
        `The backup holds the old data directory's generated AUTH_SECRET, which decrypts the stored mailbox passwords. Set AUTH_SECRET to it on every server: tar -xzOf ${file} auth-secret`,
      );
    }
    console.log('Start the server: it applies any newer migrations.');
  } finally {
    await database.close();
  }
});
