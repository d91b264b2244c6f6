import type { Me } from '@atrium/shared';
import { CircleHelp, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { MenuContent, MenuItem, MenuSeparator, menuItemClasses } from '../../../components/ui/menu';
import { roleLabels } from '../../../lib/role-labels';
import { hasPermission } from '../hooks/me-context';
import { useSignOut } from '../hooks/use-session';
import { ProfileTriggerFace, profileTriggerClasses } from './menu-triggers';

/** Spec section 2: the header's 'Profile' button; issue 3: sign out from here. */
export function ProfileDropdown({ me, defaultOpen }: { me: Me; defaultOpen: boolean }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label="Profile" className={profileTriggerClasses}>
        <ProfileTriggerFace me={me} />
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <DropdownMenu.Label className="px-2.5 py-2">
          <span className="block truncate text-sm font-semibold text-slate-900">{me.user.name}</span>
          <span className="block truncate text-sm text-slate-600">{me.user.email}</span>
          <span className="mt-1 block text-xs text-slate-600">
            {roleLabels[me.workspace.role]} in {me.workspace.name}
          </span>
        </DropdownMenu.Label>
        <MenuSeparator />
        {hasPermission(me, 'workspace:view') ? (
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-4 text-slate-500" />
              Settings
            </Link>
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Item asChild className={menuItemClasses}>
          <Link to="/support">
            <CircleHelp aria-hidden="true" className="size-4 text-slate-500" />
            Help &amp; Support
          </Link>
        </DropdownMenu.Item>
        <MenuSeparator />
        <MenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" className="size-4 text-slate-500" />
          Sign out
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
