export type ReceivedEvent = {
  event: string;
  id: string | undefined;
  data: string;
  /** performance.now() when the event's last byte arrived. */
  receivedAt: number;
};

export type EventStreamClient = {
  response: Response;
  events: ReceivedEvent[];
  /** Resolves with the first event (seen so far or arriving later) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens GET /api/v1/events (or any SSE URL) the way EventSource does and parses what arrives. */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();

  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed = parseBlock(block);
          if (parsed) {
            events.push({ ...parsed, receivedAt: performance.now() });
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();

  return {
    response,
    events,
    ended,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

function parseBlock(block: string): Omit<ReceivedEvent, 'receivedAt'> | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, id, data: data.join('\n') } : null;
}

/**
 * A member's event stream, open and past its `ready` event, added to `opened`: a session may hold
 * only a few streams at once, so the test closes them after each test.
 */
export async function openMemberStream(
  baseUrl: string,
  member: { cookie: string },
  opened: EventStreamClient[],
  lastEventId?: string,
): Promise<EventStreamClient> {
  const stream = await openEventStream(`${baseUrl}/api/v1/events`, {
    cookie: member.cookie,
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
  });
  opened.push(stream);
  if (stream.response.status !== 200) throw new Error(`the event stream answered ${stream.response.status}`);
  await stream.waitFor((event) => event.event === 'ready');
  return stream;
}
