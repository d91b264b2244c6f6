import { streamSSE } from 'hono/streaming';
import type { Db } from '@atrium/db';
import { readerFor, type ActivityAudience } from '../activity/activity-audience';
import type { Auth } from '../auth/auth';
import { memberRouter } from '../auth/member-context';
import { AppError } from '../errors/app-error';
import { clientIp } from '../http/client-ip';
import { createChangeFeed } from './change-feed.service';
import { runChangeStream, type StreamTiming } from './change-stream';
import type { RealtimeHub } from './realtime-hub';
import { createStreamSlots, type StreamLimits } from './stream-slots';

export type EventsOptions = {
  hub: RealtimeHub;
  /** Who may hear of which change: the activity feed's read rules. */
  audience: ActivityAudience;
  limits: StreamLimits;
  /** Count streams per X-Forwarded-For client rather than per socket address. */
  trustProxy: boolean;
  timing?: Partial<StreamTiming>;
};

const tooManyStreams = {
  session: 'Too many open event streams for this session; close a tab and try again',
  ip: 'Too many open event streams from this address; close some and try again',
};

/**
 * GET /api/v1/events: the workspace's changes as Server-Sent Events, for any signed-in member. Each
 * event names a changed record the member may read and nothing more; the page refetches what it
 * shows through the permission-checked API.
 */
export function eventsRoutes(auth: Auth, db: Db, options: EventsOptions) {
  const { hub, audience, timing } = options;
  const feed = createChangeFeed(db);
  const slots = createStreamSlots(options.limits);
  return memberRouter(auth, db).get('/', (c) => {
    const member = c.get('member');
    const log = c.get('log');
    const slot = slots.take(member.sessionId, clientIp(c, options.trustProxy));
    if ('refused' in slot) throw new AppError('rate_limited', tooManyStreams[slot.refused]);
    // EventSource sends the header on its own reconnects; a page that opens a new one passes the query.
    const lastEventId = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    // nginx and similar proxies would otherwise hold events back until their buffer fills.
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      const disconnected = new AbortController();
      stream.onAbort(() => disconnected.abort());
      try {
        await runChangeStream({
          hub,
          feed,
          reader: readerFor(audience, member),
          lastEventId,
          signal: disconnected.signal,
          timing,
          sink: {
            send: (message) => stream.writeSSE(message),
            comment: async (text) => {
              await stream.write(`: ${text}\n\n`);
            },
          },
        });
      } catch (error) {
        // The browser reconnects with its Last-Event-ID; the message stays in the log, not the stream.
        log.error({ err: error }, 'realtime: event stream failed');
      } finally {
        slot.release();
      }
    });
    // no-transform: neither our compression nor a proxy's may hold events back to fill a block.
    response.headers.set('Cache-Control', 'no-cache, no-transform');
    return response;
  });
}
