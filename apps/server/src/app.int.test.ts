import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@atrium/shared';
import { startTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
// A stand-in build of the web app, to prove the server's history fallback (not the app itself).
const webDist = mkdtempSync(join(tmpdir(), 'atrium-web-'));

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Atrium</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log("atrium");\n'.repeat(500));
  server = await startTestServer({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = errorBodySchema.parse(await response.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  return body;
}

describe('GET /api/health', () => {
  it('reports the database up, and which kind it is', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { database: { kind: string } };
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' }, version: 'test' });
    expect(['pglite', 'postgres']).toContain(body.database.kind);
  });

  it('answers liveness on /api/health/live without a session', async () => {
    const response = await server.request('/api/health/live');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('error format', () => {
  it('answers an unknown API route with 404 in the error format', async () => {
    const body = await expectError(await server.request('/api/v1/no-such-thing'), 404, 'not_found');
    expect(body.error.message).toContain('/api/v1/no-such-thing');
  });

  it('answers a malformed JSON body with 400 invalid_json', async () => {
    const response = await server.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", "password": ',
    });
    await expectError(response, 400, 'invalid_json');
  });

  it('answers an oversized body with 413 payload_too_large, announced or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const announced = await server.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    await expectError(announced, 413, 'payload_too_large');

    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(512 * 1024)));
        controller.close();
      },
    });
    const streamed = await server.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    await expectError(streamed, 413, 'payload_too_large');
  });

  it('keeps the auth library’s own sign-up closed, in the same format', async () => {
    const closed = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'a-long-password', name: 'X' }),
    });
    // Sign-up goes through /api/v1/auth/signup, which also creates the workspace.
    await expectError(closed, 404, 'not_found');
  });
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors none, nosniff and a referrer policy on every answer', async () => {
    for (const path of ['/api/health', '/', '/api/nope']) {
      const response = await server.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Served over plain http here: HSTS would be meaningless.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the app is served over https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://atrium.example.com' });
    try {
      const response = await https.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('the web app on the same origin', () => {
  it('serves index.html for client routes (history fallback), and for / without a landing page, uncached', async () => {
    for (const path of ['/', '/login', '/signup', '/dashboard', '/team/directory', '/a/path/nobody/knows']) {
      const response = await server.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves the prerendered pages on /, /login and /signup when the build has them, uncached', async () => {
    const pages = { '/': 'landing.html', '/login': 'login.html', '/signup': 'signup.html' };
    for (const file of Object.values(pages)) {
      writeFileSync(
        join(webDist, file),
        `<!doctype html><title>Atrium</title><div id="root"><h1>${file}</h1></div>`,
      );
    }
    try {
      for (const [path, file] of Object.entries(pages)) {
        const response = await server.request(path);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/text\/html/);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toContain(`<h1>${file}</h1>`);
      }
      expect(await (await server.request('/dashboard')).text()).toContain('<div id="root">');
      expect(await (await server.request('/login/elsewhere')).text()).not.toContain('login.html');
    } finally {
      for (const file of Object.values(pages)) rmSync(join(webDist, file));
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await server.request('/assets/app-1234.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('compresses scripts for clients that accept it', async () => {
    const response = await server.request('/assets/app-1234.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('console.log("atrium")');
  });

  it('does not answer a missing asset with index.html', async () => {
    const response = await server.request('/assets/missing-0000.js');
    expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
  });
});
