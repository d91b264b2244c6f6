import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EndpointResult } from './api-bench';
import type { CampaignSendResult } from './campaign-send-bench';
import type { ExportStallResult } from './export-stall';
import type { FirstVisitWeight } from './first-visit-weight';
import type { InteractionResult } from './interactions';
import type { MailInResult } from './mail-in-bench';
import { formatSpread } from './stats';
import type { LighthouseScores } from './web-bench';

export type Budgets = {
  api: { p95Ms: number; overheadAtP50: number };
  firstVisit: { landingJsKb: number; appJsKb: number };
  lighthouse: { performance: number; accessibility: number };
  interaction: { inputToPaintMs: number; dragFrameMedianMs: number };
  server: { rssMb: number };
  /** Issue 17: other requests' p95 while a one-year payroll export runs, on each database. */
  exportStall: { othersP95Ms: number };
  /** Issue 23: a campaign to 10,000 leads with the rate limit off, into a mail server that takes all. */
  campaignSend: { messagesPerSecond: number };
};

export const budgets = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'budgets.json'), 'utf8'),
) as Budgets;

export type DatabaseRun = {
  database: 'postgres' | 'pglite';
  /** The bare route every request passes through, without the database: the framework's ceiling. */
  ceiling: EndpointResult;
  endpoints: EndpointResult[];
  /** Another endpoint's latency while a one-year payroll export runs (issue 17). */
  exportStall?: ExportStallResult;
  /** Mail over SMTP at a steady rate until each ticket shows in the queue (issue 21; PostgreSQL). */
  mailIn?: MailInResult;
  /** An email campaign to 10,000 leads into an SMTP listener, with the lists loaded meanwhile (issue 23). */
  campaignSend?: CampaignSendResult;
  rssMb: { idle: number; underLoad: number };
};

export type BenchResults = {
  startedAt: string;
  machine: { cpus: number; node: string };
  profile: string;
  load: { runs: number; durationSeconds: number; connections: number };
  databases: DatabaseRun[];
  firstVisit?: FirstVisitWeight[];
  lighthouse?: LighthouseScores[];
  interactions?: InteractionResult[];
};

export type BudgetCheck = { what: string; measured: number; budget: number; ok: boolean };

/** Every budget of budgets.json against this run. API budgets apply to the PostgreSQL run. */
export function checkBudgets(results: BenchResults): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const atMost = (what: string, measured: number, budget: number) =>
    checks.push({ what, measured, budget, ok: measured <= budget });
  const atLeast = (what: string, measured: number, budget: number) =>
    checks.push({ what, measured, budget, ok: measured >= budget });
  for (const run of results.databases) {
    if (run.database === 'postgres') {
      for (const endpoint of run.endpoints) {
        atMost(`${endpoint.name}: p95 ms`, endpoint.p95.median, budgets.api.p95Ms);
        if (endpoint.overheadAtP50 !== undefined) {
          atMost(`${endpoint.name}: p50 / SQL`, endpoint.overheadAtP50, budgets.api.overheadAtP50);
        }
      }
    }
    if (run.exportStall) {
      atMost(
        `${run.exportStall.name} (${run.database}): p95 ms`,
        run.exportStall.others.p95.median,
        budgets.exportStall.othersP95Ms,
      );
    }
    const send = run.campaignSend;
    if (send) {
      atLeast(
        `${send.name} (${run.database}): messages per s`,
        send.messagesPerSecond,
        budgets.campaignSend.messagesPerSecond,
      );
      atLeast(`${send.name} (${run.database}): messages received`, send.distinctRecipients, send.leads);
      for (const list of send.during) {
        atMost(`${list.name} during ${send.name} (${run.database}): p95 ms`, list.p95, budgets.api.p95Ms);
      }
    }
    atMost(`Server RSS under load (${run.database}), MB`, run.rssMb.underLoad, budgets.server.rssMb);
  }
  for (const visit of results.firstVisit ?? []) {
    const budget = visit.path === '/' ? budgets.firstVisit.landingJsKb : budgets.firstVisit.appJsKb;
    atMost(`First visit ${visit.path}: gzipped JS kB`, visit.jsKb, budget);
  }
  for (const scores of results.lighthouse ?? []) {
    atLeast(
      `Lighthouse ${scores.path}: performance`,
      scores.performance.median,
      budgets.lighthouse.performance,
    );
    atLeast(
      `Lighthouse ${scores.path}: accessibility`,
      scores.accessibility.median,
      budgets.lighthouse.accessibility,
    );
  }
  for (const interaction of results.interactions ?? []) {
    const budget =
      interaction.kind === 'drag'
        ? budgets.interaction.dragFrameMedianMs
        : budgets.interaction.inputToPaintMs;
    atMost(`${interaction.name}, ms`, interaction.ms.median, budget);
  }
  return checks;
}

const ms = formatSpread;

/** The Markdown table printed at the end and written next to the JSON. */
export function toMarkdown(results: BenchResults, checks: BudgetCheck[]): string {
  const lines = [
    `# Benchmark results — ${results.startedAt}`,
    '',
    `${results.machine.cpus} CPUs, Node ${results.machine.node}, profile **${results.profile}**; ` +
      `${results.load.runs} runs × ${results.load.durationSeconds} s, ${results.load.connections} connections. ` +
      'Latencies in ms: median of the runs (min–max).',
  ];
  for (const run of results.databases) {
    lines.push(
      '',
      `## API on ${run.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      '',
      '| Endpoint | p50 | p95 | p99 | req/s | slowest SQL ms | all SQL ms/req | main SQL p50 | p50 / SQL | p50 / ceiling |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const endpoint of [run.ceiling, ...run.endpoints]) {
      lines.push(
        `| ${endpoint.name} | ${ms(endpoint.p50)} | ${ms(endpoint.p95)} | ${ms(endpoint.p99)} | ` +
          `${endpoint.requestsPerSecond.median.toFixed(0)} | ${endpoint.sql?.slowestStatementMs ?? '–'} | ` +
          `${endpoint.sql?.allStatementsMsPerRequest ?? '–'} | ` +
          `${endpoint.floor?.p50 ?? '–'}${endpoint.floor?.computesKeptAnswer ? ' (kept)' : ''} | ` +
          `${endpoint.overheadAtP50 ?? '–'} | ` +
          `${(endpoint.p50.median / Math.max(run.ceiling.p50.median, 0.01)).toFixed(1)} |`,
      );
    }
    lines.push(
      '',
      'Slowest SQL and all SQL: execution inside PostgreSQL (pg_stat_statements). Main SQL p50: the ' +
        "endpoint's main statement, with its values, timed from a client over the same connections; " +
        '(kept): the server keeps the answer, and this is the statement that computed it.',
    );
    const stall = run.exportStall;
    if (stall) {
      lines.push(
        '',
        `### ${stall.name}`,
        '',
        '| Export s | made in the background | file MB | others p50 | others p95 | others max | requests | errors | alone p50 | alone p95 |',
        '|---|---|---|---|---|---|---|---|---|---|',
        `| ${formatSpread(stall.exportSeconds, 2)} | ${stall.background ? 'yes' : 'no'} | ` +
          `${(stall.fileBytes / 1_000_000).toFixed(1)} | ${ms(stall.others.p50)} | ${ms(stall.others.p95)} | ` +
          `${ms(stall.others.max)} | ${stall.others.requests} | ${stall.others.errors} | ` +
          `${ms(stall.alone.p50)} | ${ms(stall.alone.p95)} |`,
        '',
        `\`GET ${stall.exportPath}\` (to its file's last byte) while \`GET ${stall.probePath}\` is sent ` +
          `every ${stall.probeEveryMs} ms, whether or not earlier ones were answered; the latencies are of ` +
          `those requests. Alone: the same requests for ${stall.alone.seconds} s just before each export.`,
      );
    }
    const mail = run.mailIn;
    if (mail) {
      lines.push(
        '',
        `### ${mail.name}, ${mail.messagesPerSecond} messages a second`,
        '',
        '| Sent per s | SMTP accepted p50 | visible p50 | visible p95 | visible max | messages | failures |',
        '|---|---|---|---|---|---|---|',
        `| ${formatSpread(mail.achievedPerSecond)} | ${ms(mail.accepted.p50)} | ${ms(mail.visible.p50)} | ` +
          `${ms(mail.visible.p95)} | ${ms(mail.visible.max)} | ${mail.messages} | ${mail.failures} |`,
        '',
        `Messages to \`${mail.inboundAddress}\` over SMTP for ${mail.seconds} s, one connection each, ` +
          'whether or not earlier ones were answered. Each is timed from just before sending to the first ' +
          'answer of the ticket search (`q=` its unique subject word) that shows the ticket; the searches ' +
          'start when the receiver accepts the message. ' +
          'Sent per s: accepted messages over the time from the first send to the last acceptance.',
      );
    }
    const send = run.campaignSend;
    if (send) {
      lines.push(
        '',
        `### ${send.name}`,
        '',
        '| Messages per s | steady per s | first message ms | last message ms | received | distinct | not sent | server CPU s | SQL ms (calls) |',
        '|---|---|---|---|---|---|---|---|---|',
        `| ${send.messagesPerSecond} | ${send.steadyMessagesPerSecond} | ${send.firstMessageMs} | ` +
          `${send.lastMessageMs} | ${send.received} | ${send.distinctRecipients} | ${send.notSent} | ` +
          `${send.serverCpuSeconds} | ${send.sql.totalMs} (${send.sql.calls}) |`,
        '',
        '| Meanwhile | p50 | p95 | requests | errors |',
        '|---|---|---|---|---|',
        ...send.during.map(
          (list) => `| ${list.name} | ${list.p50} | ${list.p95} | ${list.requests} | ${list.errors} |`,
        ),
        '',
        `An email campaign (heading, text with a merge tag, button) to a segment of ${send.leads.toLocaleString('en-US')} ` +
          "leads, the rate limit off, sent through the server's SMTP pool to a listener in the bench that " +
          'answers 250 at once. Timed from the send request to the last message received; steady: from the ' +
          "first message to the last. Meanwhile, the campaign list and the campaign's recipients are requested " +
          `at ${send.listRequestsPerSecond} a second each until the last message. Before the send, the bench waited ` +
          `${send.backlog.waitedSeconds} s for ${send.backlog.jobs} campaign runs the server queued at its start ` +
          "(one per active campaign of the data), so the clock starts with the queue empty. Server CPU: the server process's CPU time over the send; SQL: what " +
          'PostgreSQL spent executing statements meanwhile.',
      );
    }
    lines.push('', `Server RSS: ${run.rssMb.idle} MB idle, ${run.rssMb.underLoad} MB at most under load.`);
  }
  if (results.firstVisit?.length) {
    lines.push('', '## First visit (gzipped)', '', '| Path | JS kB | CSS kB | files |', '|---|---|---|---|');
    for (const visit of results.firstVisit) {
      lines.push(`| ${visit.path} | ${visit.jsKb} | ${visit.cssKb} | ${visit.files} |`);
    }
  }
  if (results.lighthouse?.length) {
    lines.push(
      '',
      '## Lighthouse 12, mobile',
      '',
      '| Path | Performance | Accessibility | First contentful paint ms | Largest contentful paint ms | Total blocking time ms |',
      '|---|---|---|---|---|---|',
    );
    for (const scores of results.lighthouse) {
      lines.push(
        `| ${scores.path} | ${formatSpread(scores.performance, 0)} | ${formatSpread(scores.accessibility, 0)} | ` +
          `${formatSpread(scores.firstContentfulPaintMs, 0)} | ${formatSpread(scores.largestContentfulPaintMs, 0)} | ` +
          `${formatSpread(scores.totalBlockingTimeMs, 0)} |`,
      );
    }
  }
  if (results.interactions?.length) {
    lines.push('', '## Interactions in Chromium', '', '| Interaction | ms | detail |', '|---|---|---|');
    for (const interaction of results.interactions) {
      lines.push(`| ${interaction.name} | ${ms(interaction.ms)} | ${interaction.detail} |`);
    }
  }
  const failed = checks.filter((check) => !check.ok);
  lines.push('', `## Budgets: ${checks.length - failed.length} of ${checks.length} met`, '');
  for (const check of failed) {
    lines.push(`- over budget: ${check.what} — measured ${check.measured}, budget ${check.budget}`);
  }
  return `${lines.join('\n')}\n`;
}
