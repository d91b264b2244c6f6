import type { Me } from '@atrium/shared';
import { Building2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
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
// same look, and the menus take their place as soon as they have loaded. A click on a stand-in
// opens the menu then.
const ProfileDropdown = lazy(() =>
  import('./profile-menu').then((module) => ({ default: module.ProfileDropdown })),
);
const WorkspaceDropdown = lazy(() =>
  import('./workspace-switcher').then((module) => ({ default: module.WorkspaceDropdown })),
);

/** Spec section 2: the header's 'Profile' button; issue 3: sign out from here. */
export function ProfileMenu({ me }: { me: Me }) {
  const [openWanted, setOpenWanted] = useState(false);
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label="Profile"
          aria-haspopup="menu"
          aria-expanded={false}
          className={profileTriggerClasses}
          onClick={() => setOpenWanted(true)}
        >
          <ProfileTriggerFace me={me} />
        </button>
      }
    >
      <ProfileDropdown me={me} defaultOpen={openWanted} />
    </Suspense>
  );
}

/** The active workspace; a menu to switch when the person belongs to several (issue 3). */
export function WorkspaceSwitcher({ me }: { me: Me }) {
  const [openWanted, setOpenWanted] = useState(false);
  if (me.workspaces.length < 2) {
    return (
      <span className="flex min-w-0 items-center gap-2 px-2">
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <WorkspaceName me={me} />
      </span>
    );
  }
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={workspaceTriggerLabel(me)}
          aria-haspopup="menu"
          aria-expanded={false}
          className={workspaceTriggerClasses}
          onClick={() => setOpenWanted(true)}
        >
          <WorkspaceTriggerFace me={me} />
        </button>
      }
    >
      <WorkspaceDropdown me={me} defaultOpen={openWanted} />
    </Suspense>
  );
}
