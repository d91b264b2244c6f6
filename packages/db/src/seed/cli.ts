// npm run seed [-- --scale demo|large] [--reset]
// Seeds the database chosen by DATABASE_URL / DATA_DIR (see config.ts) after migrating it.
import { parseArgs } from 'node:util';
import { openDatabase } from '../client';
import { databaseOptionsFromEnv } from '../config';
import { seedDemo, WorkspaceAlreadySeededError, type LoadProgress, type SeedScale } from './index';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    reset: { type: 'boolean', default: false },
  },
});
if (values.scale !== 'demo' && values.scale !== 'large') {
  console.error(`--scale must be demo or large, not "${values.scale}"`);
  process.exit(2);
}
const scale: SeedScale = values.scale;

const options = databaseOptionsFromEnv(process.env);
const database = await openDatabase(options);
const format = (n: number) => n.toLocaleString('en-US');

/** One line per table, rewritten in place on a terminal; only the final line otherwise. */
function reportProgress({ table, done, total, elapsedMs }: LoadProgress) {
  const rate = elapsedMs > 0 ? Math.round((done / elapsedMs) * 1000) : 0;
  const line = `${table.padEnd(22)} ${format(done).padStart(11)} / ${format(total).padEnd(11)} ${format(rate).padStart(9)} rows/s`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
  else if (done >= total) process.stderr.write(`${line}\n`);
}

try {
  console.error(
    `Migrating ${options.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${options.dataDir}`} ...`,
  );
  await database.migrate();
  console.error(`Seeding the ${scale} profile${values.reset ? ' (reset)' : ''} ...`);
  const result = await seedDemo(database, { scale, reset: values.reset, onProgress: reportProgress });
  const rows = result.timings.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `\nSeeded workspace ${result.workspaceId}: ${format(rows)} rows in ${(result.elapsedMs / 1000).toFixed(1)} s`,
  );
  for (const { table, rows: count, ms } of result.timings) {
    console.log(
      `  ${table.padEnd(22)} ${format(count).padStart(11)}  ${(ms / 1000).toFixed(2).padStart(7)} s`,
    );
  }
} catch (error) {
  if (!(error instanceof WorkspaceAlreadySeededError)) throw error;
  console.error(`${error.message}: run \`npm run seed -- --scale ${scale} --reset\` to replace it.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
