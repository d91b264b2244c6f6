import { taskPriorities, taskStatuses, type ProjectSummary } from '@atrium/shared';
import type { Browser, Page } from 'playwright-core';
import { formatSpread, percentile, spread, type Spread } from './stats';
import { cookiesFor } from './web-bench';

export type InteractionResult = {
  name: string;
  kind: 'input' | 'drag';
  ms: Spread;
  detail: string;
};

type Session = { browser: Browser; baseUrl: string; cookie: string };

/**
 * Installed in every page before the app's own scripts, as a string: tsx would wrap functions
 * passed to the page in helpers that exist only in Node. It keeps the Event Timing entries of
 * interactions, the time of the last key or pointer press, and a frame recorder for drags.
 */
const pageProbe = `(() => {
  const probe = { events: [], inputAt: undefined, frames: [], recording: false };
  window.__benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) {
        probe.events.push({ interactionId: entry.interactionId, duration: entry.duration });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  for (const type of ['keydown', 'pointerdown']) {
    addEventListener(type, (event) => { probe.inputAt = event.timeStamp; }, { capture: true });
  }
  // Checks each frame from now on; probe.shown resolves with the time of the first frame in which
  // check() holds. (The page's CSP forbids Playwright's waitForFunction, which evaluates strings.)
  probe.watch = (check, timeoutMs) => {
    probe.shown = new Promise((resolve, reject) => {
      const deadline = performance.now() + timeoutMs;
      const poll = () => {
        if (check()) resolve(performance.now());
        else if (performance.now() > deadline) reject(new Error('not shown within ' + timeoutMs + ' ms'));
        else requestAnimationFrame(poll);
      };
      poll();
    });
  };
  probe.reset = () => {
    probe.events = [];
    probe.inputAt = undefined;
  };
  // A frame's time runs from its start (the rAF timestamp) to a message posted from rAF, which is
  // handled once the frame's style, layout and paint are done.
  probe.startFrames = () => {
    probe.frames = [];
    probe.recording = true;
    const onFrame = (frameStart) => {
      if (!probe.recording) return;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => probe.frames.push({ start: frameStart, end: performance.now() });
      channel.port2.postMessage(null);
      requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
  };
  probe.stopFrames = () => {
    probe.recording = false;
    return probe.frames;
  };
})()`;

/**
 * Event Timing only reports events that took at least this long (its lowest durationThreshold); a
 * quicker interaction is counted as this long.
 */
const eventTimingThresholdMs = 16;

const benchProjectName = 'Benchmark board — 1,000 cards';
const benchProjectCards = 1000;

/** Interaction timings in Chromium, on the large profile's data. */
export async function measureInteractions(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  runs: number,
): Promise<InteractionResult[]> {
  const session: Session = { browser, baseUrl, cookie };
  const results: InteractionResult[] = [];
  results.push(
    await measureInput(session, runs, {
      name: 'Directory search, one keystroke (10,000 employees)',
      path: '/team/directory',
      ready: (page) => page.getByRole('list', { name: 'Employees' }).getByRole('listitem').first().waitFor(),
      act: async (page) => {
        await page.getByRole('searchbox', { name: 'Search employees' }).focus();
        await page.keyboard.press('q');
      },
      // The search waits for typing to pause; the old list stays, dimmed, until the server answers.
      resultsSection: 'directory-results',
      rowsText: `[...document.querySelectorAll('ul[aria-label="Employees"] > li h3')].map((name) => name.textContent).join('|')`,
      resultsLabel: 'keystroke → results (300 ms of it the debounce)',
    }),
  );
  results.push(
    await measureInput(session, runs, {
      name: 'Task list, sort by priority (~100,000 tasks)',
      path: '/projects/tasks',
      ready: (page) => page.getByRole('table').locator('tbody tr').first().waitFor(),
      act: (page) =>
        page
          .getByRole('columnheader', { name: 'Priority' })
          .getByRole('button', { name: 'Priority' })
          .click(),
      resultsSection: 'task-results',
      rowsText: `[...document.querySelectorAll('table tbody tr th')].map((title) => title.textContent).join('|')`,
      resultsLabel: 'click → rows re-sorted',
    }),
  );
  results.push(await measureDrag(session, runs, await benchProject(session)));
  return results;
}

async function openPage(session: Session, path: string): Promise<Page> {
  const context = await session.browser.newContext({ baseURL: session.baseUrl });
  await context.addCookies(cookiesFor(session.baseUrl, session.cookie));
  await context.addInitScript({ content: pageProbe });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Lets the page finish what loading started (late queries, images, effects) before the measured input. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
}

type InputScenario = {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  act: (page: Page) => Promise<unknown>;
  /** The id of the results section's heading; the section is aria-busy while the server's answer is on its way. */
  resultsSection: string;
  /** A page expression for the rows shown, in order: the results are in once it changes and nothing is busy. */
  rowsText: string;
  resultsLabel: string;
};

type EventEntry = { interactionId: number; duration: number };

/**
 * One input, each run on a freshly loaded page: its interaction to next paint (the longest Event
 * Timing entry of the interaction, as INP counts it) and the time until its results are shown.
 */
async function measureInput(
  session: Session,
  runs: number,
  scenario: InputScenario,
): Promise<InteractionResult> {
  console.error(`web: ${scenario.name}`);
  const toNextPaint: number[] = [];
  const toResults: number[] = [];
  let belowThreshold = 0;
  for (let run = 0; run < runs; run += 1) {
    const page = await openPage(session, scenario.path);
    try {
      await scenario.ready(page);
      await settle(page);
      await page.evaluate('window.__benchProbe.reset()');
      const rowsBefore = JSON.stringify(await page.evaluate(scenario.rowsText));
      const section = `document.querySelector('section[aria-labelledby="${scenario.resultsSection}"]')`;
      await page.evaluate(`window.__benchProbe.watch(() =>
        ${section}.getAttribute('aria-busy') === 'false' && ${scenario.rowsText} !== ${rowsBefore}, 30000)`);
      await scenario.act(page);
      const shownAt = (await page.evaluate('window.__benchProbe.shown')) as number;
      const inputAt = (await page.evaluate('window.__benchProbe.inputAt')) as number;
      toResults.push(shownAt - inputAt);
      // Entries arrive after the paint that follows the input; by now it is long past.
      await page.waitForTimeout(100);
      const events = (await page.evaluate('window.__benchProbe.events')) as EventEntry[];
      const interactions = new Set(events.map((event) => event.interactionId));
      if (interactions.size > 1)
        throw new Error(`${scenario.name}: ${interactions.size} interactions, expected 1`);
      const longest = Math.max(0, ...events.map((event) => event.duration));
      if (longest < eventTimingThresholdMs) belowThreshold += 1;
      toNextPaint.push(Math.max(eventTimingThresholdMs, longest));
    } finally {
      await page.context().close();
    }
  }
  const below =
    belowThreshold > 0
      ? `; ${belowThreshold} of ${runs} runs under ${eventTimingThresholdMs} ms, counted as ${eventTimingThresholdMs}`
      : '';
  return {
    name: `${scenario.name}: interaction to next paint`,
    kind: 'input',
    ms: spread(toNextPaint),
    detail: `${scenario.resultsLabel} ${formatSpread(spread(toResults))} ms${below}`,
  };
}

type Frame = { start: number; end: number };

/**
 * Drags the first To Do card across the board to In Progress in 20 steps over about a second while
 * the page records each frame, then brings it back and drops it on itself, which moves nothing: the
 * board stays the same for the next run.
 */
async function measureDrag(session: Session, runs: number, projectId: string): Promise<InteractionResult> {
  const name = 'Kanban drag across columns (1,000 cards)';
  console.error(`web: ${name}`);
  const frameTimes: number[] = [];
  const frameTimeP95s: number[] = [];
  const intervals: number[] = [];
  const intervalP95s: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await openPage(session, `/projects/kanban?projectId=${projectId}`);
    try {
      const todo = page.getByRole('region', { name: 'To Do', exact: true });
      const card = todo.getByRole('listitem').first();
      await card.waitFor();
      await settle(page);
      const from = (await card.boundingBox())!;
      const to = (await page.getByRole('region', { name: 'In Progress', exact: true }).boundingBox())!;
      // As e2e/kanban.spec.ts does: press below the card's buttons, and a few small moves start the drag.
      const start = { x: from.x + from.width / 2, y: from.y + from.height - 12 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 20, start.y - 18, { steps: 4 });
      await page.evaluate('window.__benchProbe.startFrames()');
      const steps = 20;
      const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
      for (let step = 1; step <= steps; step += 1) {
        await page.mouse.move(
          start.x + 20 + ((end.x - start.x - 20) * step) / steps,
          start.y - 18 + ((end.y - start.y + 18) * step) / steps,
        );
        await page.waitForTimeout(50);
      }
      const frames = (await page.evaluate('window.__benchProbe.stopFrames()')) as Frame[];
      // A drag that never started would time an idle page: the column under the pointer must be lit.
      const targetLit = await page.evaluate(
        `document.querySelector('[data-column="in-progress"]').classList.contains('ring-indigo-400')`,
      );
      if (!targetLit) throw new Error(`${name}: In Progress did not show the card over it`);
      await page.mouse.move(start.x, start.y, { steps: 10 });
      await page.mouse.up();
      const work = frames.map((frame) => frame.end - frame.start).sort((a, b) => a - b);
      const gaps = frames
        .slice(1)
        .map((frame, index) => frame.start - frames[index]!.start)
        .sort((a, b) => a - b);
      if (work.length < 10) throw new Error(`${name}: only ${work.length} frames recorded`);
      frameTimes.push(percentile(work, 0.5));
      frameTimeP95s.push(percentile(work, 0.95));
      intervals.push(percentile(gaps, 0.5));
      intervalP95s.push(percentile(gaps, 0.95));
    } finally {
      await page.context().close();
    }
  }
  return {
    name: `${name}: frame time, median`,
    kind: 'drag',
    ms: spread(frameTimes),
    detail:
      `frame time p95 ${formatSpread(spread(frameTimeP95s))} ms; frame interval median ` +
      `${formatSpread(spread(intervals))}, p95 ${formatSpread(spread(intervalP95s))} ms`,
  };
}

/**
 * The project the drag runs on: the sample's projects have about 50 tasks each, so the bench makes
 * one with 1,000 through the API, once (the bench's data is kept between runs).
 */
async function benchProject(session: Session): Promise<string> {
  const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${session.baseUrl}${path}`, {
      method,
      headers: {
        cookie: session.cookie,
        origin: session.baseUrl,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const found = await api<{ data: ProjectSummary[] }>(
    'GET',
    `/api/v1/projects?q=${encodeURIComponent('Benchmark board')}&limit=200`,
  );
  const existing = found.data.find((project) => project.name === benchProjectName);
  const project =
    existing ??
    (await api<ProjectSummary>('POST', '/api/v1/projects', {
      name: benchProjectName,
      description: 'Made by the benchmark (bench/src/interactions.ts) for the kanban drag timing.',
      status: 'active',
    }));
  const missing = benchProjectCards - (existing?.tasksTotal ?? 0);
  if (missing > 0) {
    console.error(`web: adding ${missing} tasks to "${benchProjectName}" (once) ...`);
    const numbers = Array.from({ length: missing }, (_, index) => benchProjectCards - missing + index + 1);
    // A few requests at a time: quicker than one by one, without crowding two shared cores.
    for (let batch = 0; batch < numbers.length; batch += 4) {
      await Promise.all(
        numbers.slice(batch, batch + 4).map((number) =>
          api('POST', '/api/v1/tasks', {
            projectId: project.id,
            title: `Benchmark card ${number}`,
            description: 'A card of the benchmark board, with a description as long as most.',
            status: taskStatuses[number % taskStatuses.length],
            priority: taskPriorities[number % taskPriorities.length],
            estimatedHours: (number % 8) + 1,
          }),
        ),
      );
    }
  }
  return project.id;
}
