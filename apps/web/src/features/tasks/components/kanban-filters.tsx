import {
  employeeFullName,
  taskPriorities,
  taskPriorityLabels,
  type TaskBoard,
  type TaskPriority,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { hasPermission, useMe } from '../../accounts';
import { assigneeQueryOptions, projectForTasksQueryOptions } from '../api/tasks.queries';
import type { KanbanParams } from '../hooks/use-kanban-params';
import { AssigneePicker, ProjectPicker } from './task-pickers';

const allAssignees = { value: '', label: 'All assignees' };
const unassigned = { value: 'unassigned', label: 'Unassigned' };

/**
 * The filtered assignee's name: from a card on the board, else the project's team, else the
 * directory (the address carries only the id).
 */
function useAssigneeName(assigneeId: string | undefined, board: TaskBoard | undefined): string {
  const me = useMe();
  const projectId = board?.project?.id;
  const fromCards = board?.columns
    .flatMap((column) => column.tasks)
    .find((task) => task.assignee?.id === assigneeId)?.assignee;
  const lookUp = Boolean(assigneeId) && assigneeId !== unassigned.value && !fromCards;
  const team = useQuery({
    ...projectForTasksQueryOptions(projectId ?? ''),
    enabled: lookUp && Boolean(projectId),
  });
  const fromTeam = team.data?.teamMembers.find((member) => member.id === assigneeId);
  const employee = useQuery({
    ...assigneeQueryOptions(assigneeId ?? ''),
    enabled: lookUp && !fromTeam && team.isFetched && hasPermission(me, 'people:view'),
  });
  if (!assigneeId) return '';
  if (assigneeId === unassigned.value) return unassigned.label;
  if (fromCards) return employeeFullName(fromCards);
  if (fromTeam) return fromTeam.name;
  if (employee.data) return employeeFullName(employee.data);
  return '';
}

/** Spec 2 Kanban: the project selector, the assignee filter and the priority filter. */
export function KanbanFilters({
  params,
  board,
  onChange,
}: {
  params: KanbanParams;
  board: TaskBoard | undefined;
  onChange: (changes: Partial<KanbanParams>) => void;
}) {
  const assigneeName = useAssigneeName(params.assigneeId, board);
  const projectId = params.projectId ?? board?.project?.id ?? '';
  const filtered = Boolean(params.assigneeId || params.priority);

  return (
    <div className="grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-wrap">
      <FilterField label="Project" htmlFor="kanban-project" className="col-span-2 sm:w-64">
        <ProjectPicker
          id="kanban-project"
          value={projectId}
          valueLabel={board?.project?.name ?? ''}
          placeholder="Search projects"
          onChange={(value) => {
            // Another project has another team: its assignee filter would rarely still apply.
            if (value && value !== projectId)
              onChange({ projectId: value, assigneeId: undefined, taskId: undefined });
          }}
        />
      </FilterField>
      <FilterField label="Assignee" htmlFor="kanban-assignee" className="min-w-0 sm:w-56">
        <AssigneePicker
          id="kanban-assignee"
          projectId={board?.project?.id}
          value={params.assigneeId ?? allAssignees.value}
          valueLabel={assigneeName}
          specialOptions={[allAssignees, unassigned]}
          clearLabel="Show all assignees"
          onChange={(value) => onChange({ assigneeId: value || undefined })}
        />
      </FilterField>
      <FilterField label="Priority" htmlFor="kanban-priority" className="min-w-0 sm:w-40">
        <Select
          id="kanban-priority"
          value={params.priority ?? ''}
          onChange={(event) =>
            onChange({ priority: (event.target.value || undefined) as TaskPriority | undefined })
          }
        >
          <option value="">All priorities</option>
          {[...taskPriorities].reverse().map((priority) => (
            <option key={priority} value={priority}>
              {taskPriorityLabels[priority]}
            </option>
          ))}
        </Select>
      </FilterField>
      {filtered ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start"
          onClick={() => onChange({ assigneeId: undefined, priority: undefined })}
        >
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function FilterField({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
