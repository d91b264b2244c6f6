import { homePathFor } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { meQueryOptions } from '../../features/accounts';

// The menu (and its Radix machinery) only for someone signed in.
const ProfileMenu = lazy(() =>
  import('../../features/accounts').then((module) => ({ default: module.ProfileMenu })),
);

/**
 * Spec section 2, "Layouts": off the landing page the public header shows a 'Dashboard' link and the
 * 'Profile' button — to a signed-in person; a visitor gets 'Log in' and 'Start Free Trial'.
 */
export function PublicAccountActions() {
  const { data: me } = useQuery(meQueryOptions());
  if (me === undefined) return null;
  if (me) {
    return (
      <div className="flex items-center gap-2">
        <Link to={homePathFor(me.workspace.role)} className={buttonClasses({ variant: 'ghost' })}>
          Dashboard
        </Link>
        <Suspense fallback={null}>
          <ProfileMenu me={me} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to="/login" className={buttonClasses({ variant: 'ghost', className: 'px-3 sm:px-4' })}>
        Log in
      </Link>
      <Link to="/signup" className={buttonClasses({ className: 'px-3 sm:px-4' })}>
        Start Free Trial
      </Link>
    </div>
  );
}
