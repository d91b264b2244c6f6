import { homePathFor } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { meQueryOptions, ProfileMenu } from '../../features/accounts';
import { GuestActions } from './public-page-header';

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
        <ProfileMenu me={me} />
      </div>
    );
  }
  return <GuestActions />;
}
