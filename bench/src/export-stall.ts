import { percentile, round, spread, type Spread } from './stats';

/**
 * Issue 17, item 6: on PGlite one statement runs at a time, so a big export must leave room for
 * everyone else's requests. This scenario runs a one-year payroll export (the way the web app does:
 * the file directly, or, when the server answers 202, its status polled until the file is ready and
 * then downloaded) while another endpoint is requested at a steady rate. The rate is fixed rather
 * than as fast as answers come back: a request that arrives during a long statement must count,
 * however long it waits.
 */
export type ExportStallOptions = {
  name: string;
  exportPath: string;
  probePath: string;
  runs: number;
  /** One probe request every this many milliseconds while the export runs. */
  probeEveryMs?: number;
};

export type ExportStallResult = {
  name: string;
  exportPath: string;
  probePath: string;
  probeEveryMs: number;
  /** From the export's first request to its file's last byte. */
  exportSeconds: Spread;
  /** The 202 path: the file was made in the background and downloaded when ready. */
  background: boolean;
  fileBytes: number;
  /** The other endpoint's latency while the export ran (ms). */
  others: { p50: Spread; p95: Spread; max: Spread; requests: number; errors: number };
  /** The same requests at the same rate for `seconds` without the export, just before it (ms). */
  alone: { seconds: number; p50: Spread; p95: Spread };
};

const defaultProbeEveryMs = 50;
/** How long the other endpoint is measured alone before each export. */
const aloneMs = 5_000;

type ExportStarted = { id: string; status: string };
type ExportStatus = { id: string; status: 'running' | 'ready' | 'failed'; downloadUrl: string | null };

/**
 * Reads a body to its end, counting its bytes without keeping them: tens of megabytes held and
 * copied in this process would delay its own timing of the other requests.
 */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

/** A file as the web app gets it; the number of bytes it held. */
async function exportOnce(baseUrl: string, cookie: string, path: string) {
  const get = (url: string) => fetch(`${baseUrl}${url}`, { headers: { cookie } });
  const first = await get(path);
  if (first.status === 200) return { background: false, bytes: await drain(first) };
  if (first.status !== 202) throw new Error(`GET ${path} answered ${first.status}`);
  const started = (await first.json()) as ExportStarted;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await get(`/api/v1/exports/${started.id}`);
    if (!status.ok) throw new Error(`the export's status answered ${status.status}`);
    const job = (await status.json()) as ExportStatus;
    if (job.status === 'failed') throw new Error('the export failed');
    if (job.status === 'ready' && job.downloadUrl) {
      const file = await get(job.downloadUrl);
      if (!file.ok) throw new Error(`the export's download answered ${file.status}`);
      return { background: true, bytes: await drain(file) };
    }
  }
}

type Latencies = { p50: number; p95: number; max: number; requests: number; errors: number };
type RunFigures = Latencies & { exportMs: number; background: boolean; bytes: number; alone: Latencies };

/** Sends the probe request at a steady rate until stopped; then its latencies. */
function probeSteadily(baseUrl: string, cookie: string, options: ExportStallOptions) {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let errors = 0;
  const probe = () => {
    const started = performance.now();
    const request = fetch(`${baseUrl}${options.probePath}`, {
      headers: { cookie, accept: 'application/json' },
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => {
        latencies.push(performance.now() - started);
        inFlight.delete(request);
      });
    inFlight.add(request);
  };
  const timer = setInterval(probe, options.probeEveryMs ?? defaultProbeEveryMs);
  return async (): Promise<Latencies> => {
    clearInterval(timer);
    await Promise.all(inFlight);
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      max: latencies.at(-1) ?? Number.NaN,
      requests: latencies.length,
      errors,
    };
  };
}

async function runOnce(baseUrl: string, cookie: string, options: ExportStallOptions): Promise<RunFigures> {
  // The same requests without the export first: what the server answers them in anyway.
  const stopAlone = probeSteadily(baseUrl, cookie, options);
  await new Promise((resolve) => setTimeout(resolve, aloneMs));
  const alone = await stopAlone();
  const started = performance.now();
  const stop = probeSteadily(baseUrl, cookie, options);
  try {
    const file = await exportOnce(baseUrl, cookie, options.exportPath);
    const exportMs = performance.now() - started;
    return { ...(await stop()), exportMs, background: file.background, bytes: file.bytes, alone };
  } finally {
    await stop();
  }
}

export async function measureExportStall(
  baseUrl: string,
  cookie: string,
  options: ExportStallOptions,
): Promise<ExportStallResult> {
  // Once before measuring, as the endpoints are: the first call pays for plans and caches.
  await fetch(`${baseUrl}${options.probePath}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const runs: RunFigures[] = [];
  for (let run = 0; run < options.runs; run += 1) runs.push(await runOnce(baseUrl, cookie, options));
  return {
    name: options.name,
    exportPath: options.exportPath,
    probePath: options.probePath,
    probeEveryMs: options.probeEveryMs ?? defaultProbeEveryMs,
    exportSeconds: spread(runs.map((r) => round(r.exportMs / 1000, 2))),
    background: runs.some((r) => r.background),
    fileBytes: runs.at(-1)?.bytes ?? 0,
    others: {
      p50: spread(runs.map((r) => round(r.p50))),
      p95: spread(runs.map((r) => round(r.p95))),
      max: spread(runs.map((r) => round(r.max))),
      requests: runs.reduce((sum, r) => sum + r.requests, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    },
    alone: {
      seconds: aloneMs / 1000,
      p50: spread(runs.map((r) => round(r.alone.p50))),
      p95: spread(runs.map((r) => round(r.alone.p95))),
    },
  };
}

/** The one-year window ending today (UTC calendar): the longest the payroll export accepts. */
export function oneYearPayrollPath(today = new Date()): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - 365 * 86_400_000);
  return `/api/v1/time-entries/export/payroll?from=${day(from)}&to=${day(today)}`;
}
