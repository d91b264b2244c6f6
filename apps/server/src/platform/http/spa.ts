import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { handleNotFound } from '../errors/error-handler';
import type { Logger } from '../logging/logger';
import type { AppEnv } from './app-env';

/**
 * The pages the web build prerenders as entries of their own, without the app (ADR 008, ADR 011).
 * A build without one of them answers that path with index.html like any other.
 */
const prerenderedPages = { '/': 'landing.html', '/login': 'login.html', '/signup': 'signup.html' };

/**
 * Serves the built web app on the same origin as the API, with history fallback: any GET that is
 * not a file gets index.html and the client router decides (including its own 404 page). `/`,
 * `/login` and `/signup` get their prerendered pages.
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
  for (const [path, file] of Object.entries(prerenderedPages)) {
    spa.get(path, serveStatic({ root, path: file, onFound: revalidate }));
  }
  spa.use('*', serveStatic({ root, onFound: revalidate }));
  spa.get('*', serveStatic({ root, path: 'index.html', onFound: revalidate }));
  return spa;
}
