import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { percentile } from './stats';

/** The server's connections carry this name, so their statements can be told apart in the log. */
export const serverApplicationName = 'atrium-bench-server';

/**
 * One statement as the server sent it: its text, its values as sent, the name it was prepared under,
 * and the time PostgreSQL logged for it (parse, bind and execute, over every time it ran).
 */
export type LoggedStatement = {
  name?: string;
  text: string;
  values: (string | null)[];
  loggedMs: number;
  /** pg_stat_statements' id of the statement, as text: a 64-bit integer does not fit a JS number. */
  queryId?: string;
};

type LogLine = { application_name?: string; message?: string; detail?: string };

const logged = /^duration: ([\d.]+) ms {2}(?:(parse|bind|execute) ([^:]+)|statement): ([\s\S]*)$/;
const parameter = /\$\d+ = (?:NULL|'((?:[^']|'')*)')/g;

/** "parameters: $1 = 'it''s', $2 = NULL" → ["it's", null]; values are quoted, NULL is not. */
export function parseParameters(detail: string | undefined): (string | null)[] {
  if (!detail?.startsWith('parameters: ')) return [];
  return [...detail.matchAll(parameter)].map((match) =>
    match[1] === undefined ? null : match[1].replaceAll("''", "'"),
  );
}

/** The statements the server ran, from PostgreSQL's JSON log lines, each once with its total time. */
export function parseStatements(jsonLines: string): LoggedStatement[] {
  const statements = new Map<string, LoggedStatement>();
  for (const line of jsonLines.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as LogLine;
    if (entry.application_name !== serverApplicationName) continue;
    const match = logged.exec(entry.message ?? '');
    if (!match) continue;
    const queryId = /"query_id":(-?\d+)/.exec(line)?.[1];
    const [, ms, step, statementName, text] = match;
    const name = statementName && statementName !== '<unnamed>' ? statementName : undefined;
    const key = `${name ?? ''}\u0000${text}`;
    const statement = statements.get(key) ?? {
      ...(name ? { name } : {}),
      text: text!,
      values: [],
      loggedMs: 0,
    };
    statement.loggedMs += Number(ms);
    if (step === 'execute' || step === 'bind') statement.values = parseParameters(entry.detail);
    if (queryId && queryId !== '0') statement.queryId = queryId;
    statements.set(key, statement);
  }
  return [...statements.values()];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The statements an endpoint's requests run, with their values: statement logging is switched on for
 * a few requests made one after another. Backends read the new setting between protocol messages,
 * so a first request only lets every pooled connection catch up, and the next ones are read back;
 * `catchUp: false` reads the first one too (a kept answer's computation happens only once).
 */
export async function captureStatements(
  admin: pg.Client,
  logFile: string,
  request: () => Promise<void>,
  { requests = 5, catchUp = true } = {},
): Promise<LoggedStatement[]> {
  await admin.query('alter system set log_min_duration_statement = 0');
  await admin.query('select pg_reload_conf()');
  try {
    await pause(100);
    if (catchUp) {
      await request();
      await pause(300);
    }
    const from = statSync(logFile).size;
    for (let count = 0; count < requests; count += 1) await request();
    await pause(300);
    const log = readFileSync(logFile);
    return parseStatements(log.subarray(from).toString('utf8'));
  } finally {
    await admin.query('alter system reset log_min_duration_statement');
    await admin.query('select pg_reload_conf()');
  }
}

/**
 * Runs one statement over `connections` connections for `seconds`, as the server runs it (named
 * statements on connections that keep one generic plan, as the server's are), and returns the p50
 * round trip in ms: the database's floor for the endpoint, timed from a client as the server is.
 */
export async function replayP50(
  url: string,
  statement: LoggedStatement,
  connections: number,
  seconds: number,
): Promise<number> {
  const options = statement.name ? '-c plan_cache_mode=force_generic_plan' : undefined;
  const clients = Array.from(
    { length: connections },
    () => new pg.Client({ connectionString: url, options }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  // Drizzle reads rows as arrays; so does the replay.
  const query = {
    name: statement.name,
    text: statement.text,
    values: statement.values,
    rowMode: 'array' as const,
  };
  const latencies: number[] = [];
  try {
    await Promise.all(clients.map((client) => client.query(query)));
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          const started = performance.now();
          await client.query(query);
          latencies.push(performance.now() - started);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 0.5);
}
