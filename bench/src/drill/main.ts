// npm run drill -- scale-out [--pgbouncer] [--port-base N]
// npm run drill -- soak [--minutes 10] [--users 200] [--think-ms 1000] [--check] [--pgbouncer] [--port-base N]
// Starts PostgreSQL (scripts/postgres.sh), optionally PgBouncer, three production server processes
// and HAProxy with deploy/haproxy.cfg, all on 127.0.0.1, runs the drill, and stops everything it
// started, also when a claim fails or on Ctrl-C. See bench/README.md, "Drills".
import { parseArgs } from 'node:util';
import { startCluster } from './cluster';
import { scaleOutDrill } from './scale-out';
import { soakDrill } from './soak';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pgbouncer: { type: 'boolean', default: false },
    'port-base': { type: 'string' },
    minutes: { type: 'string', default: '10' },
    users: { type: 'string', default: '200' },
    'think-ms': { type: 'string', default: '1000' },
    check: { type: 'boolean', default: false },
  },
});
const drill = positionals[0];
if (drill !== 'scale-out' && drill !== 'soak') {
  console.error(
    'usage: npm run drill -- scale-out|soak [--pgbouncer] [--port-base N] [--minutes N] [--users N]',
  );
  process.exit(2);
}

const started = Date.now();
const cluster = await startCluster({
  servers: 3,
  pgbouncer: args.pgbouncer,
  ...(args['port-base'] ? { portBase: Number(args['port-base']) } : {}),
  // The scale-out drill kills servers and waits for HAProxy to notice; the soak keeps them all.
  checkInterval: drill === 'scale-out' ? '250ms' : '2s',
});
try {
  if (drill === 'scale-out') await scaleOutDrill(cluster);
  else
    await soakDrill(cluster, {
      minutes: Number(args.minutes),
      users: Number(args.users),
      thinkMs: Number(args['think-ms']),
      pgbouncer: args.pgbouncer,
      check: args.check,
    });
  const took = `${((Date.now() - started) / 1000).toFixed(0)} s`;
  console.log(
    `\n${drill}${args.pgbouncer ? ' (PgBouncer)' : ''}: ${drill === 'soak' ? 'done' : 'every claim held'} (${took})`,
  );
} catch (error) {
  cluster.keepLogs();
  console.error(`\n${drill}: FAILED — ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cluster.teardown.run();
}
