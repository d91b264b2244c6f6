// npm run backup -- FILE: the database and the uploaded files, into one file (docs/adr/035).
import { writeBackup } from '@atrium/db/backup';
import rootPackage from '../../../../package.json' with { type: 'json' };
import { fileArgument, openEnvironment, run } from './command-line';

const file = fileArgument('npm run backup -- FILE');
const { config, database, authSecretFile, describe } = await openEnvironment();
await run(async () => {
  try {
    console.error(`Backing up ${describe} and the files in ${config.filesDir} ...`);
    const started = performance.now();
    const manifest = await writeBackup({
      database,
      filesDir: config.filesDir,
      file,
      atriumVersion: rootPackage.version,
      ...(authSecretFile && { authSecretFile }),
      onProgress: (message) => console.error(`  ${message}`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Wrote ${file}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
});
