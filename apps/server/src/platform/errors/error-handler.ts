import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { fieldErrors, type ErrorBody, type ErrorCode } from '@atrium/shared';
import type { AppEnv } from '../http/app-env';
import { AppError } from './app-error';

/** Codes for the statuses Hono and its middleware raise themselves (body limit, malformed JSON ...). */
const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export function errorResponse(
  c: Context<AppEnv>,
  error: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    headers?: Record<string, string> | undefined;
  },
) {
  const { status, code, message, fields, headers } = error;
  const body: ErrorBody = { error: { code, message, requestId: c.get('requestId') } };
  if (fields && Object.keys(fields).length > 0) body.error.fields = fields;
  return c.json(body, status as ContentfulStatusCode, headers);
}

/** The one place a thrown error becomes an HTTP answer; never a stack trace to the client. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    return errorResponse(c, err);
  }
  if (err instanceof ZodError) {
    return errorResponse(c, {
      status: 400,
      code: 'validation_failed',
      message: 'Some fields are not valid',
      fields: fieldErrors(err.issues),
    });
  }
  if (err instanceof HTTPException) {
    // Hono raises 400 "Malformed JSON in request body" from c.req.json() and the JSON validator.
    if (err.status === 400 && /json/i.test(err.message)) {
      return errorResponse(c, {
        status: 400,
        code: 'invalid_json',
        message: 'The request body is not valid JSON',
      });
    }
    const code = codeForStatus[err.status] ?? 'internal';
    const message =
      err.status === 413
        ? 'The request body is too large'
        : err.message || 'The request could not be handled';
    return errorResponse(c, { status: err.status, code, message });
  }
  c.get('log').error({ err }, 'unhandled error');
  return errorResponse(c, {
    status: 500,
    code: 'internal',
    message: 'Something went wrong on our side; please try again',
  });
}

export function handleNotFound(c: Context<AppEnv>) {
  return errorResponse(c, {
    status: 404,
    code: 'not_found',
    message: `No route for ${c.req.method} ${c.req.path}`,
  });
}
