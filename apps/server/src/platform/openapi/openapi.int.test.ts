import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '@atrium/shared';
import { apiDescription } from '../../api-description';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { openApiPath } from './openapi-document';

/**
 * The OpenAPI document (ADR 022) against the running app: it describes every route the app
 * registers under /api/v1, with the access each route checks, and is valid OpenAPI 3.1. That each
 * answer matches its description is checked on every request of the integration tests
 * (testing/api-conformance.ts).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

type Route = { method: string; path: string; access: Action | 'member' | 'public' };

/** The app's /api/v1 routes, each with the access its middleware checks (as access.int.test.ts reads it). */
function registeredRoutes(): Route[] {
  const routes = server.app.routes.filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'ALL');
  const covers = (pattern: string, path: string) =>
    pattern === path || (pattern.endsWith('/*') && (path + '/').startsWith(pattern.slice(0, -1)));
  const byKey = new Map<string, Route>();
  for (const route of routes) {
    const handlers = server.app.routes.filter(
      (r) => covers(r.path, route.path) && ['ALL', route.method].includes(r.method),
    );
    const action = handlers
      .filter((r) => r.path === route.path)
      .map((r) => (r.handler as { requiredAction?: Action }).requiredAction)
      .find(Boolean);
    const memberOnly = handlers.some((r) => (r.handler as { requiresMember?: true }).requiresMember);
    const path = route.path.slice('/api/v1'.length);
    byKey.set(`${route.method} ${path}`, {
      method: route.method,
      path,
      access: action ?? (memberOnly ? 'member' : 'public'),
    });
  }
  return [...byKey.values()];
}

const described = new Map(
  apiDescription.flatMap(({ operations }) =>
    operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]),
  ),
);

describe('the OpenAPI document', () => {
  it('describes every route registered under /api/v1', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(70);
    const missing = routes
      .filter((route) => !described.has(`${route.method} ${route.path}`))
      .map((route) => `${route.method} ${route.path}`);
    expect(
      missing,
      "Describe these routes in their module's *.api.ts (listed in apps/server/src/api-description.ts)",
    ).toEqual([]);
  });

  it('gives each route the access the route checks', () => {
    const wrongAccess = registeredRoutes()
      .map((route) => ({ route, operation: described.get(`${route.method} ${route.path}`) }))
      .filter(({ route, operation }) => operation && operation.access !== route.access)
      .map(
        ({ route, operation }) =>
          `${route.method} ${route.path}: the route checks ${route.access}, the description says ${operation!.access}`,
      );
    expect(wrongAccess).toEqual([]);
  });

  it('describes no route the app does not have', () => {
    const registered = new Set(registeredRoutes().map((route) => `${route.method} ${route.path}`));
    expect([...described.keys()].filter((key) => !registered.has(key))).toEqual([]);
  });

  it('is served at /api/v1/openapi.json and is valid OpenAPI 3.1', async () => {
    const response = await server.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, object> };
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(Object.keys(document.paths)).toContain(openApiPath('/tasks/:id'));
  });

  it('is read at /api/docs by a reference page that loads nothing from elsewhere', async () => {
    const page = await server.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map(([, src]) => src!);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href!);
    // The policy allows no inline script, and the page takes nothing from another origin.
    expect(html.match(/<script\b/g)).toHaveLength(scripts.length);
    expect(scripts).toHaveLength(2);
    for (const url of [...scripts, ...styles]) {
      expect(url).toMatch(/^\/api\/docs\//);
      const file = await server.request(url);
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type')).toMatch(url.includes('.css') ? /text\/css/ : /javascript/);
    }
    const start = await (await server.request(scripts[1]!)).text();
    expect(start).toContain("url: '/api/v1/openapi.json'");
  });
});
