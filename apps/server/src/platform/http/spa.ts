import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { handleNotFound } from '../errors/error-handler';
import type { Logger } from '../logging/logger';
import type { AppEnv } from './app-env';

/**
 * Serves the built web app on the same origin as the API, with history fallback: any GET that is
 * not a file gets index.html and the client router decides (including its own 404 page). `/` gets
 * landing.html, the landing page prerendered without the app, or index.html if the build has none.
 */
export function spaRoutes(distDir: string, log: Logger) {
  const spa = new Hono<AppEnv>();
  if (!existsSync(distDir)) {
    log.warn({ distDir }, 'web app not built; run `npm run build` (the API still works)');
    return spa;
  }
  // serveStatic resolves `root` against the working directory.
  const root = relative(process.cwd(), distDir) || '.';
  spa.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // A missing hashed asset is a stale client, not a page: answer 404 rather than index.html.
  spa.get('/assets/*', handleNotFound);
  const revalidate = (_path: string, c: Context<AppEnv>) => c.header('Cache-Control', 'no-cache');
  spa.get('/', serveStatic({ root, path: 'landing.html', onFound: revalidate }));
  spa.use('*', serveStatic({ root, onFound: revalidate }));
  spa.get('*', serveStatic({ root, path: 'index.html', onFound: revalidate }));
  return spa;
}
