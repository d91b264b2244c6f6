import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

const linkClasses =
  'rounded font-medium text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A lead's name linking to its page, which then leads back here ("Back to the campaign"). */
export function LeadLink({
  id,
  backLabel,
  children,
}: {
  id: string;
  backLabel: string;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={`/marketing/leads/${id}`}
      state={{ backTo: `${pathname}${search}`, backLabel }}
      className={linkClasses}
    >
      {children}
    </Link>
  );
}
