import { Hono } from 'hono';
import { handleError, handleNotFound } from './platform/errors/error-handler';
import type { AppEnv } from './platform/http/app-env';
import { authRoutes } from './platform/auth/auth.routes';
import { bodyLimit } from './platform/http/body-limit';
import { requireWellFormedJson } from './platform/http/json-body';
import { requestContext } from './platform/http/request-context';
import { securityHeaders } from './platform/http/security-headers';
import { spaRoutes } from './platform/http/spa';
import { healthRoutes } from './platform/health/health.routes';
import type { Platform } from './platform/platform';

export type AppOptions = {
  /** True once shutdown began: answers then ask clients not to reuse the connection. */
  isShuttingDown?: () => boolean;
};

export function createApp(platform: Platform, options: AppOptions = {}) {
  const { config, log, database, auth } = platform;
  const app = new Hono<AppEnv>();

  app.use(...requestContext(log));
  app.use(securityHeaders({ trustProxy: config.trustProxy, publicUrl: config.publicUrl }));
  app.use(async (c, next) => {
    await next();
    if (options.isShuttingDown?.()) c.header('Connection', 'close');
  });

  const api = new Hono<AppEnv>();
  api.use(bodyLimit(config.bodyLimitBytes), requireWellFormedJson);
  api.route('/health', healthRoutes(database, platform.version));
  api.route('/auth', authRoutes(auth));

  app.route('/api', api);
  // Unknown API paths answer in the error format, never with the SPA's index.html.
  app.all('/api/*', handleNotFound);
  app.route('/', spaRoutes(config.webDistDir, log));
  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
