import type { Me } from '@atrium/shared';
import { Building2, ChevronsUpDown } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { initialsOf } from '../../../lib/initials';

// The header's menu buttons, shared by the Radix menus and the plain buttons that stand in for them
// while the menus load (account-menus.tsx): the same box, so nothing moves when they swap.

export const profileTriggerClasses = buttonClasses({
  variant: 'ghost',
  size: 'sm',
  className: 'gap-2 px-1.5 sm:px-2',
});

export function ProfileTriggerFace({ me }: { me: Me }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-full bg-indigo-100 text-xs font-bold text-indigo-800"
      >
        {initialsOf(me.user.name)}
      </span>
      <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 md:inline">
        {me.user.name}
      </span>
    </>
  );
}

export const workspaceTriggerClasses = buttonClasses({
  variant: 'ghost',
  size: 'sm',
  className: 'min-w-0 gap-2',
});

export const workspaceTriggerLabel = (me: Me) => `Workspace: ${me.workspace.name}. Switch workspace`;

export function WorkspaceName({ me }: { me: Me }) {
  return (
    <span className="max-w-44 truncate text-sm font-semibold text-slate-900 sm:max-w-60">
      {me.workspace.name}
    </span>
  );
}

export function WorkspaceTriggerFace({ me }: { me: Me }) {
  return (
    <>
      <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <WorkspaceName me={me} />
      <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
    </>
  );
}
