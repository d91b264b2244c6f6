import { Agent, request } from 'node:http';

export type HttpAnswer = { status: number; text: string; setCookies: string[] };

/**
 * One simulated user's connection to the app: kept alive like a browser's, and from an address of
 * its own on the loopback (127.0.0.0/8), so that per-address limits count each user as a person.
 */
export function createHttpClient(baseUrl: string, localAddress: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
  const origin = new URL(baseUrl).origin;
  let cookie = '';
  const send = (method: string, path: string, body?: unknown) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...(cookie ? { cookie } : {}),
            ...(method === 'GET' ? {} : { origin }),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              setCookies: ([] as string[]).concat(response.headers['set-cookie'] ?? []),
            }),
          );
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    send,
    setCookie(value: string) {
      cookie = value;
    },
    close: () => agent.destroy(),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
