import type { SessionClient } from './session-client';
import type { TestServer } from './test-server';

/**
 * A script calling the API with a bearer token (issue 19): no cookie and no Origin header, like
 * curl. Same shape as a session client, so tests can hand either to the same calls.
 */
export function tokenClient(server: TestServer, token: string): SessionClient {
  return {
    cookie: '',
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(server.baseUrl + path, { ...init, headers, body });
    },
  };
}
