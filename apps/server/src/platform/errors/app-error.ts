import { errorStatus, type ErrorCode } from '@atrium/shared';

/** A failure the client should see as-is: code, message and optional per-field messages. */
export class AppError extends Error {
  readonly status: (typeof errorStatus)[ErrorCode];

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('conflict', message, fields);
/** The request is well formed but cannot be done as asked (422), with per-field messages. */
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new AppError('unprocessable', message, fields);
export const staleVersion = () =>
  new AppError('precondition_failed', 'This record was changed by someone else; reload and try again');
