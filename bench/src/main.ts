// npm run bench [-- --check] [--profile large|demo] [--runs 3] [--duration 5] [--connections 4]
//                [--databases postgres,pglite] [--skip-web] [--skip-mail] [--skip-send]
//                [--endpoints kanban,"task list"]
// Loads the profile into a throw-away PostgreSQL and into PGlite, starts the production server on each,
// measures the API, mail in (PostgreSQL), the web app and the server's memory, writes bench/results/
// and prints the table.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { demoEmail, demoPassword } from '@atrium/shared';
import {
  apiReader,
  benchEndpoint,
  type EndpointRequest,
  type EndpointResult,
  type LoadOptions,
  type SqlProbe,
} from './api-bench';
import { measureCampaignSend, startCampaignSink, type CampaignSendResult } from './campaign-send-bench';
import { endpoints } from './endpoints';
import { measureExportStall, oneYearPayrollPath, type ExportStallResult } from './export-stall';
import { measureInteractions } from './interactions';
import { measureMailIn, type MailInResult } from './mail-in-bench';
import { freePort, repoRoot, run, seedOnce, signIn, startPostgres, startServer } from './processes';
import { prefillPlatformRecords } from './platform-records';
import { checkBudgets, toMarkdown, type BenchResults, type DatabaseRun } from './report';
import { serverApplicationName } from './sql-floor';
import { helpCentrePaths, launchChromium, lighthouse, measureBundles } from './web-bench';

const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    profile: { type: 'string', default: 'large' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
    databases: { type: 'string', default: 'postgres,pglite' },
    'skip-web': { type: 'boolean', default: false },
    'skip-mail': { type: 'boolean', default: false },
    'skip-send': { type: 'boolean', default: false },
    // Only the endpoints whose name contains one of these words (case-insensitive).
    endpoints: { type: 'string' },
  },
});
const endpointWords = args.endpoints
  ?.toLowerCase()
  .split(',')
  .map((word) => word.trim());
const chosen = (name: string) =>
  !endpointWords || endpointWords.some((word) => name.toLowerCase().includes(word));
const chosenEndpoints = endpoints.filter((endpoint) => chosen(endpoint.name));
/** Issue 17: the other requests' latency while one big export runs. */
const exportScenario = {
  name: 'Directory list during a one-year payroll export',
  probePath: '/api/v1/employees?limit=48',
};
/** Issue 21: mail in over SMTP until the ticket shows in the queue's search (`--endpoints mail-in`). */
const mailInScenario = { name: 'Mail-in to ticket visible', messagesPerSecond: 20 };
const inboundMailDomain = 'bench.test';
/** Issue 23: an email campaign sent with the rate limit off (`--endpoints "campaign send"`). */
const campaignSendScenario = {
  name: 'Campaign send to 10,000 leads',
  leads: 10_000,
  listRequestsPerSecond: 10,
};
const load: LoadOptions = {
  runs: Number(args.runs),
  durationSeconds: Number(args.duration),
  connections: Number(args.connections),
};
const cacheDir = join(repoRoot, 'bench', '.cache');
mkdirSync(cacheDir, { recursive: true });

const results: BenchResults = {
  startedAt: new Date().toISOString(),
  machine: { cpus: availableParallelism(), node: process.versions.node },
  profile: args.profile,
  load,
  databases: [],
};

console.error('Building the web app ...');
run('npm', ['run', 'build']);

const admin = { email: demoEmail('admin'), password: demoPassword };

for (const database of args.databases.split(',') as DatabaseRun['database'][]) {
  const postgres =
    database === 'postgres' ? await startPostgres(join(cacheDir, `postgres-${args.profile}`)) : undefined;
  const dataDir = join(cacheDir, `pglite-${args.profile}`);
  const smtpPort = postgres ? await freePort() : undefined;
  // The mail server campaigns go to: only when the campaign send is measured, so the other
  // scenarios run as they always have (their notification mail kept in the outbox).
  const sink =
    postgres && !args['skip-send'] && chosen(campaignSendScenario.name)
      ? await startCampaignSink()
      : undefined;
  const env = postgres
    ? {
        DATABASE_URL: `${postgres.url}?application_name=${serverApplicationName}`,
        INBOUND_SMTP_PORT: String(smtpPort),
        INBOUND_MAIL_DOMAIN: inboundMailDomain,
        ...(sink ? { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } : {}),
      }
    : { DATABASE_URL: '', DATA_DIR: dataDir };
  try {
    seedOnce(
      postgres ? join(cacheDir, `postgres-${args.profile}.seeded`) : join(dataDir, '.seeded'),
      args.profile,
      env,
    );
    const server = await startServer(env);
    const probe: SqlProbe | undefined = postgres && {
      client: new pg.Client({ connectionString: postgres.url }),
      url: postgres.url,
      logFile: postgres.logFile,
    };
    await probe?.client.connect();
    try {
      const cookie = await signIn(server.baseUrl, admin.email, admin.password);
      const api = apiReader(server.baseUrl, cookie);
      const me = await api<{ user: { id: string }; workspace: { id: string } }>('/api/v1/me');
      if (probe) {
        await prefillPlatformRecords(probe.client, { tenantId: me.workspace.id, userId: me.user.id });
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idle = server.rssMb();
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 250);
      const bench = async (endpoint: EndpointRequest, path: string) => {
        console.error(`${database}: ${endpoint.name}`);
        return benchEndpoint(server.baseUrl, cookie, path, endpoint, load, probe);
      };
      const ceiling = await bench({ name: 'Ceiling: GET /api/health/live' }, '/api/health/live');
      const measured: EndpointResult[] = [];
      for (const endpoint of chosenEndpoints) measured.push(await bench(endpoint, await endpoint.path(api)));
      let exportStall: ExportStallResult | undefined;
      if (chosen(exportScenario.name)) {
        console.error(`${database}: ${exportScenario.name}`);
        exportStall = await measureExportStall(server.baseUrl, cookie, {
          ...exportScenario,
          exportPath: oneYearPayrollPath(),
          runs: load.runs,
        });
      }
      // After the endpoints, so the tickets it adds are not in this run's queue figures.
      let mailIn: MailInResult | undefined;
      if (smtpPort !== undefined && !args['skip-mail'] && chosen(mailInScenario.name)) {
        console.error(`${database}: ${mailInScenario.name}`);
        mailIn = await measureMailIn({
          ...mailInScenario,
          baseUrl: server.baseUrl,
          cookie,
          smtpPort,
          seconds: load.durationSeconds,
          runs: load.runs,
        });
      }
      // Last: the campaign it sends joins the campaign list.
      let campaignSend: CampaignSendResult | undefined;
      if (sink && probe) {
        console.error(`${database}: ${campaignSendScenario.name}`);
        campaignSend = await measureCampaignSend({
          ...campaignSendScenario,
          baseUrl: server.baseUrl,
          cookie,
          tenantId: me.workspace.id,
          client: probe.client,
          sink,
          connections: Math.max(1, Math.floor(load.connections / 2)),
          serverPid: server.pid,
        });
      }
      clearInterval(sampler);
      results.databases.push({
        database,
        ceiling,
        endpoints: measured,
        ...(exportStall ? { exportStall } : {}),
        ...(mailIn ? { mailIn } : {}),
        ...(campaignSend ? { campaignSend } : {}),
        rssMb: { idle, underLoad: peak },
      });

      if (database === 'postgres' && !args['skip-web']) {
        const browser = await launchChromium();
        try {
          console.error('web: first-visit weight');
          results.firstVisit = await measureBundles(browser, server.baseUrl, [
            { path: '/' },
            { path: '/login' },
            { path: '/dashboard', cookie },
          ]);
          console.error('web: interactions');
          results.interactions = await measureInteractions(browser, server.baseUrl, cookie, load.runs);
        } finally {
          await browser.close();
        }
        console.error('web: Lighthouse');
        const helpCentre = await helpCentrePaths(api);
        results.lighthouse = [
          lighthouse(server.baseUrl, '/', load.runs),
          lighthouse(server.baseUrl, '/login', load.runs),
          lighthouse(server.baseUrl, '/dashboard', load.runs, cookie),
          // Issue 22: the public help centre, signed out.
          lighthouse(server.baseUrl, helpCentre.home, load.runs),
          lighthouse(server.baseUrl, helpCentre.article, load.runs),
        ];
      }
    } finally {
      await probe?.client.end();
      await server.stop();
    }
  } finally {
    await sink?.close();
    postgres?.stop();
  }
}

const checks = checkBudgets(results);
const markdown = toMarkdown(results, checks);
const resultsDir = join(repoRoot, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const stamp = results.startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
writeFileSync(join(resultsDir, `${stamp}.json`), `${JSON.stringify({ ...results, checks }, null, 2)}\n`);
writeFileSync(join(resultsDir, 'latest.md'), markdown);
console.log(markdown);
if (args.check && checks.some((check) => !check.ok)) process.exitCode = 1;
