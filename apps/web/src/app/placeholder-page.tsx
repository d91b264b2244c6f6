import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { hasPermission, useMe } from '../features/accounts';
import { supportMailto } from '../lib/contact';
import { useCurrentPage } from './current-page';

/**
 * Spec section 2, "Route table": a module not built yet shows its title, description and icon, with
 * the coming-soon note, 'Back to Dashboard' and 'Request Early Access'. Asking for early access
 * writes to support, so the request reaches a person.
 */
export function PlaceholderPage() {
  const page = useCurrentPage();
  const me = useMe();
  if (!page) return null;
  const title = page.title ?? page.label;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${title} — Atrium`}</title>
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <page.icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{page.description}</p>
        </div>
      </div>

      <section
        aria-labelledby="coming-soon-title"
        className="mt-8 rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      >
        <Hammer aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <h2 id="coming-soon-title" className="mt-4 text-lg font-semibold text-slate-900">
          Coming soon
        </h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600">
          {title} is being built and will arrive in an upcoming release of Atrium. Tell us what you need from
          it and we will let you know when it is ready.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {hasPermission(me, 'dashboard:view') ? (
            <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
              Back to Dashboard
            </Link>
          ) : null}
          <a href={supportMailto(`Request Early Access: ${title}`)} className={buttonClasses()}>
            Request Early Access
          </a>
        </div>
      </section>
    </div>
  );
}
