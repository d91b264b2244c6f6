/** JSON over fetch with a session cookie, sending the app's origin as the browser does (CSRF check). */
export type Api = <T = unknown>(
  baseUrl: string,
  path: string,
  init?: { method?: string; body?: unknown; cookie?: string },
) => Promise<{ status: number; body: T; ms: number }>;

export function createApi(origin: string, defaultCookie?: string): Api {
  return async (baseUrl, path, init = {}) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        origin,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...((init.cookie ?? defaultCookie) ? { cookie: (init.cookie ?? defaultCookie)! } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an error page from the load balancer)
    }
    return { status: response.status, body: body as never, ms };
  };
}
