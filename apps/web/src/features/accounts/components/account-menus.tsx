import type { Me } from '@atrium/shared';
import { Building2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { usePainted } from '../../../lib/after-next-paint';
import {
  ProfileTriggerFace,
  profileTriggerClasses,
  WorkspaceName,
  WorkspaceTriggerFace,
  workspaceTriggerClasses,
  workspaceTriggerLabel,
} from './menu-triggers';

// The menus (Radix, floating-ui, and the toasts of signing out) are a sixth of an app page's first
// JavaScript and nobody opens them in the first second: the header paints with plain buttons of the
// same look, and the menus start loading once the page has painted and take their place when they
// have. A click on a stand-in opens the menu then.
const ProfileDropdown = lazy(() =>
  import('./profile-menu').then((module) => ({ default: module.ProfileDropdown })),
);
const WorkspaceDropdown = lazy(() =>
  import('./workspace-switcher').then((module) => ({ default: module.WorkspaceDropdown })),
);

/** A plain button of the menu's look until the menu has loaded; a click on it opens the menu then. */
function StandInUntilLoaded({
  label,
  className,
  face,
  menu,
}: {
  label: string;
  className: string;
  face: ReactNode;
  menu: (defaultOpen: boolean) => ReactNode;
}) {
  const [openWanted, setOpenWanted] = useState(false);
  const painted = usePainted();
  const standIn = (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onClick={() => setOpenWanted(true)}
    >
      {face}
    </button>
  );
  if (!painted && !openWanted) return standIn;
  return <Suspense fallback={standIn}>{menu(openWanted)}</Suspense>;
}

/** Spec section 2: the header's 'Profile' button; issue 3: sign out from here. */
export function ProfileMenu({ me }: { me: Me }) {
  return (
    <StandInUntilLoaded
      label="Profile"
      className={profileTriggerClasses}
      face={<ProfileTriggerFace me={me} />}
      menu={(defaultOpen) => <ProfileDropdown me={me} defaultOpen={defaultOpen} />}
    />
  );
}

/** The active workspace; a menu to switch when the person belongs to several (issue 3). */
export function WorkspaceSwitcher({ me }: { me: Me }) {
  if (me.workspaces.length < 2) {
    return (
      <span className="flex min-w-0 items-center gap-2 px-2">
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <WorkspaceName me={me} />
      </span>
    );
  }
  return (
    <StandInUntilLoaded
      label={workspaceTriggerLabel(me)}
      className={workspaceTriggerClasses}
      face={<WorkspaceTriggerFace me={me} />}
      menu={(defaultOpen) => <WorkspaceDropdown me={me} defaultOpen={defaultOpen} />}
    />
  );
}
