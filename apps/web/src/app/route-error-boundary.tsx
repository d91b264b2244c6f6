import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Spec section 8: the router fallback screen headed 'Unexpected Application Error!' with the message. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-slate-50 px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-4 rounded-lg bg-red-50 p-4 font-mono text-sm break-words text-red-800">
          {describe(error)}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {/* A failed chunk download (e.g. after a deploy) heals with a full reload. */}
          <button type="button" onClick={() => window.location.reload()} className={buttonClasses()}>
            Reload the page
          </button>
          <a href="/" className={buttonClasses({ variant: 'secondary' })}>
            Back to home
          </a>
        </div>
      </div>
    </main>
  );
}
