/** The server's error body (ARCHITECTURE.md, "API conventions"). */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** The parsed response body, for endpoints that describe a failure without the error format. */
  readonly body: unknown;
  /** From a 429's Retry-After header: how long to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    body?: unknown;
    retryAfterSeconds?: number | undefined;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.body = options.body;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** `json` is sent as JSON; `form` (a file upload) as multipart form data. */
export type ApiRequestOptions = Omit<RequestInit, 'body'> & { json?: unknown; form?: FormData };

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value as { error: unknown };
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110, section 10.2.3). */
function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Fetches a same-origin API path and returns the parsed JSON; any non-2xx answer or network failure
 * becomes an ApiError so callers and TanStack Query see one error type.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { json, form, headers, ...init } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: requestHeaders,
      body: form ?? (json === undefined ? null : JSON.stringify(json)),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'network_error', message: 'The server could not be reached.' });
  }

  const body = await readBody(response);
  if (response.ok) return body as T;
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  if (isApiErrorBody(body)) {
    throw new ApiError({ status: response.status, ...body.error, body, retryAfterSeconds });
  }
  throw new ApiError({
    status: response.status,
    code: 'http_error',
    message: `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
    body,
    retryAfterSeconds,
  });
}
