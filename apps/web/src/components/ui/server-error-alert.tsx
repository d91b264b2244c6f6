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

/**
 * The form-level problems of saving a versioned record: someone else saved it first (the form now
 * shows their version, or could not reload it), or the request failed for a reason no field shows.
 */
export function SaveProblems({
  record,
  stale,
  reloadError,
  requestError,
  requestTitle,
}: {
  /** What the form edits, as in "Someone else changed this task". */
  record: string;
  stale: boolean;
  reloadError: Error | null;
  requestError: Error | null;
  requestTitle: string;
}) {
  return (
    <>
      {stale ? (
        <Alert title={`Someone else changed this ${record}`}>
          The form now shows their latest details. Make your changes again and save.
        </Alert>
      ) : null}
      {reloadError ? (
        <ServerErrorAlert
          error={reloadError}
          title={`Someone else changed this ${record}; it could not be reloaded`}
        />
      ) : null}
      {requestError ? <ServerErrorAlert error={requestError} title={requestTitle} /> : null}
    </>
  );
}
