import type { Me } from '@atrium/shared';
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { MenuContent, menuItemClasses } from '../../../components/ui/menu';
import { roleLabels } from '../../../lib/role-labels';
import { useSwitchWorkspace } from '../hooks/use-session';
import { WorkspaceTriggerFace, workspaceTriggerClasses, workspaceTriggerLabel } from './menu-triggers';

/** The menu to switch workspaces, for a person who belongs to several (issue 3). */
export function WorkspaceDropdown({ me, defaultOpen }: { me: Me; defaultOpen: boolean }) {
  const switchWorkspace = useSwitchWorkspace();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={workspaceTriggerLabel(me)}
        disabled={switchWorkspace.isPending}
        className={workspaceTriggerClasses}
      >
        <WorkspaceTriggerFace me={me} />
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
