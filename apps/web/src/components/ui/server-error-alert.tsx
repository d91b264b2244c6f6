import { ApiError } from '../../lib/api-client';
import { Alert } from './alert';

function requestIdOf(error: ApiError): string | undefined {
  const body = error.body as { error?: { requestId?: unknown } } | undefined;
  return typeof body?.error?.requestId === 'string' ? body.error.requestId : undefined;
}

/**
 * The form-level message for a failed request whose cause is not one field. A server fault shows its
 * request id, so support can find it in the logs.
 */
export function ServerErrorAlert({ error, title }: { error: Error; title?: string }) {
  if (error instanceof ApiError && error.status === 0) {
    return <Alert title="The server could not be reached">Check your connection and try again.</Alert>;
  }
  const requestId = error instanceof ApiError && error.status >= 500 ? requestIdOf(error) : undefined;
  return (
    <Alert title={title ?? error.message}>
      {title ? <p>{error.message}</p> : null}
      {requestId ? <p className="mt-1 text-xs">Reference: {requestId}</p> : null}
    </Alert>
  );
}
