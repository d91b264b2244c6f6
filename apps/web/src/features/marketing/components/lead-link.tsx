import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { textLinkClasses } from './fact';

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
      className={textLinkClasses}
    >
      {children}
    </Link>
  );
}
