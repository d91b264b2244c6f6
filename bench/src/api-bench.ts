import autocannon from 'autocannon';
import type pg from 'pg';
import { captureStatements, replayP50, type LoggedStatement } from './sql-floor';
import { percentile, round, spread, type Spread } from './stats';

/** A request a screen makes, with the query string it really sends. */
export type Endpoint = {
  name: string;
  /** Resolved once per server: some paths need an id the data decides (the biggest project, ...). */
  path: (api: ApiReader) => Promise<string> | string;
  /**
   * The server keeps the answer between requests (a whole-workspace aggregate): under load only the
   * sign-in runs SQL, so the floor is the statement that computes the answer, on its first request.
   */
  kept?: boolean;
  /** GET unless given: a POST sends `body` as JSON, from the app's origin as the browser would. */
  method?: 'POST';
  body?: unknown;
};

/** What a request needs besides its path. */
export type EndpointRequest = Pick<Endpoint, 'name' | 'kept' | 'method' | 'body'>;

export type ApiReader = <T>(path: string) => Promise<T>;

export type LoadOptions = { runs: number; durationSeconds: number; connections: number };

export type EndpointResult = {
  name: string;
  path: string;
  p50: Spread;
  p95: Spread;
  p99: Spread;
  requestsPerSecond: Spread;
  errors: number;
  /** What PostgreSQL spent, from pg_stat_statements (PostgreSQL only). */
  sql?: { slowestStatementMs: number; allStatementsMsPerRequest: number; slowestStatement: string };
  /**
   * The database's floor: the endpoint's main statement (the one PostgreSQL spent the most time on
   * under the load; for a kept answer, the longest of the request that computed it), with the values
   * it ran with, timed from a client over as many connections as the load (PostgreSQL only; absent
   * when a request runs none).
   */
  floor?: { p50: number; statement: string; computesKeptAnswer?: true };
  /** p50 over the floor's p50: what the server adds on top of its main SQL query. */
  overheadAtP50?: number;
};

type RunFigures = { p50: number; p95: number; p99: number; requestsPerSecond: number; errors: number };

/** The request's method, headers and body, for fetch and autocannon alike. */
export function requestOf(url: string, cookie: string, endpoint: Pick<Endpoint, 'method' | 'body'>) {
  const headers: Record<string, string> = { cookie, accept: 'application/json' };
  if (!endpoint.method) return { method: 'GET' as const, headers };
  // The server refuses a change from another origin (CSRF); this request is the app's own.
  headers.origin = new URL(url).origin;
  headers['content-type'] = 'application/json';
  return { method: endpoint.method, headers, body: JSON.stringify(endpoint.body ?? {}) };
}

async function loadOnce(
  url: string,
  cookie: string,
  options: LoadOptions,
  endpoint: Pick<Endpoint, 'method' | 'body'> = {},
): Promise<RunFigures> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.durationSeconds,
        ...requestOf(url, cookie, endpoint),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // autocannon's own histogram has no p95; every response time is kept instead.
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors += 1;
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    requestsPerSecond: result.requests.average,
    errors: errors + result.errors + result.timeouts,
  };
}

type StatementRow = {
  queryid: string;
  query: string;
  calls: string;
  total_exec_time: number;
  mean_exec_time: number;
};

/** The bench's way into the server's PostgreSQL: a superuser client, its URL and its JSON log. */
export type SqlProbe = { client: pg.Client; url: string; logFile: string };

/**
 * Loads one endpoint several times. With a PostgreSQL probe, the statements the endpoint ran are read
 * back from pg_stat_statements, and its main one is replayed from a client: the floor no server
 * could go under.
 */
export async function benchEndpoint(
  baseUrl: string,
  cookie: string,
  path: string,
  endpoint: EndpointRequest,
  options: LoadOptions,
  probe?: SqlProbe,
): Promise<EndpointResult> {
  const { name } = endpoint;
  const url = `${baseUrl}${path}`;
  const request = requestOf(url, cookie, endpoint);
  const get = async () => {
    const response = await fetch(url, request);
    if (!response.ok) throw new Error(`${name}: ${request.method} ${path} answered ${response.status}`);
    await response.arrayBuffer();
  };
  let computing: LoggedStatement | undefined;
  if (probe && endpoint.kept) {
    // Nothing has asked this server the question yet: this request computes the answer it keeps.
    computing = longest(
      await captureStatements(probe.client, probe.logFile, get, { requests: 1, catchUp: false }),
    );
  } else {
    await get();
  }
  await loadOnce(url, cookie, { ...options, durationSeconds: 1 }, endpoint);
  if (probe) await probe.client.query('select pg_stat_statements_reset()');
  const runs: RunFigures[] = [];
  for (let run = 0; run < options.runs; run += 1) runs.push(await loadOnce(url, cookie, options, endpoint));
  const result: EndpointResult = {
    name,
    path,
    p50: spread(runs.map((r) => r.p50)),
    p95: spread(runs.map((r) => r.p95)),
    p99: spread(runs.map((r) => r.p99)),
    requestsPerSecond: spread(runs.map((r) => round(r.requestsPerSecond))),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
  if (probe) {
    const { rows } = await probe.client.query<StatementRow>(
      `select queryid::text, query, calls::text, total_exec_time, mean_exec_time from pg_stat_statements
        where query not ilike '%pg_stat_statements%' order by mean_exec_time desc`,
    );
    const requests = runs.reduce((sum, r) => sum + r.requestsPerSecond * options.durationSeconds, 0);
    const slowest = rows[0];
    if (slowest && requests > 0) {
      result.sql = {
        slowestStatementMs: round(slowest.mean_exec_time, 2),
        allStatementsMsPerRequest: round(rows.reduce((sum, r) => sum + r.total_exec_time, 0) / requests, 2),
        slowestStatement: oneLine(slowest.query),
      };
    }
    // The main statement is the one PostgreSQL spent the most time on under the load; a request's
    // own log lines (below a millisecond each) only stand in when it did not run in them.
    const busiest = rows.toSorted((a, b) => b.total_exec_time - a.total_exec_time)[0];
    const main = computing ?? (await mainStatement(probe, get, busiest?.queryid));
    if (main) {
      const p50 = await replayP50(probe.url, main, options.connections, options.durationSeconds);
      result.floor = {
        p50: round(p50, 2),
        statement: oneLine(main.text),
        ...(computing ? { computesKeptAnswer: true as const } : {}),
      };
      const overhead = result.p50.median / Math.max(p50, 0.01);
      // A kept answer comes back far below its query's time: two decimals keep it from reading 0.
      result.overheadAtP50 = round(overhead, overhead < 1 ? 2 : 1);
    }
  }
  return result;
}

/** The statement with pg_stat_statements' id `queryId` as a few requests run it, else their longest. */
async function mainStatement(probe: SqlProbe, request: () => Promise<void>, queryId: string | undefined) {
  const statements = await captureStatements(probe.client, probe.logFile, request);
  return statements.find((statement) => statement.queryId === queryId) ?? longest(statements);
}

const longest = (statements: LoggedStatement[]) => statements.toSorted((a, b) => b.loggedMs - a.loggedMs)[0];

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').slice(0, 160);

export function apiReader(baseUrl: string, cookie: string): ApiReader {
  return async <T>(path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie, accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
}
