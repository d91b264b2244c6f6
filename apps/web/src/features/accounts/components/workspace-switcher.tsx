import type { Me } from '@atrium/shared';
import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '../../../components/ui/button';
import { MenuContent, menuItemClasses } from '../../../components/ui/menu';
import { roleLabels } from '../../../lib/role-labels';
import { useSwitchWorkspace } from '../hooks/use-session';

/** The active workspace; a menu to switch when the person belongs to several (issue 3). */
export function WorkspaceSwitcher({ me }: { me: Me }) {
  const switchWorkspace = useSwitchWorkspace();
  const name = (
    <span className="max-w-44 truncate text-sm font-semibold text-slate-900 sm:max-w-60">
      {me.workspace.name}
    </span>
  );

  if (me.workspaces.length < 2) {
    return (
      <span className="flex min-w-0 items-center gap-2 px-2">
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        {name}
      </span>
    );
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Workspace: ${me.workspace.name}. Switch workspace`}
        disabled={switchWorkspace.isPending}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'min-w-0 gap-2' })}
      >
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        {name}
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </DropdownMenu.Trigger>
      <MenuContent align="start">
        <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold text-slate-600">
          Switch workspace
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={me.workspace.id}
          onValueChange={(workspaceId) => {
            if (workspaceId !== me.workspace.id) switchWorkspace.mutate(workspaceId);
          }}
        >
          {me.workspaces.map((workspace) => (
            <DropdownMenu.RadioItem key={workspace.id} value={workspace.id} className={menuItemClasses}>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{workspace.name}</span>
                <span className="text-xs text-slate-600">{roleLabels[workspace.role]}</span>
              </span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-indigo-600" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
