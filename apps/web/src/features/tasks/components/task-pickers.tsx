import { employeeFullName } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type Ref } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { hasPermission, useMe } from '../../accounts';
import {
  assigneeSearchQueryOptions,
  projectForTasksQueryOptions,
  projectOptionsQueryOptions,
} from '../api/tasks.queries';

/** A choice that is not a record, e.g. "All projects" or "Unassigned"; picked like any other option. */
export type SpecialOption = { value: string; label: string };

type PickerControl = {
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  placeholder?: string;
  className?: string;
};

type PickerProps = PickerControl & {
  /** The chosen value: a record id or a special option's value. */
  value: string;
  /** What the box shows for `value` (a name); empty while it is not known yet. */
  valueLabel: string;
  onChange: (value: string, label: string) => void;
  /** Shown first; the first one is also what an emptied box or the clear button picks. */
  specialOptions?: readonly SpecialOption[];
};

const matches = (label: string, typed: string) => label.toLowerCase().includes(typed.trim().toLowerCase());

/**
 * The shared behaviour of the task pickers: typing searches, leaving the box restores the chosen
 * name, and emptying it picks the first special option (All…, Unassigned).
 */
function SearchPicker({
  value,
  valueLabel,
  onChange,
  specialOptions = [],
  typed,
  onTypedChange,
  found,
  loading,
  emptyText,
  listLabel,
  clearLabel,
  ...control
}: PickerProps & {
  typed: string | null;
  onTypedChange: (typed: string | null) => void;
  found: readonly ComboboxOption[];
  loading: boolean;
  emptyText: string;
  listLabel: string;
  clearLabel?: string;
}) {
  const specials = specialOptions.filter((option) => typed === null || matches(option.label, typed));
  const options: ComboboxOption[] = [...specials, ...found];
  const reset = specialOptions[0];
  // The reset choice reads as the placeholder, so typing starts from an empty box.
  const shownLabel = reset && value === reset.value ? '' : valueLabel;

  return (
    <Combobox
      {...control}
      placeholder={control.placeholder ?? reset?.label}
      inputValue={typed ?? shownLabel}
      onInputValueChange={onTypedChange}
      options={options}
      onSelect={(option) => {
        onChange(option.value, option.label);
        onTypedChange(null);
      }}
      onBlur={() => {
        if (reset && typed?.trim() === '') onChange(reset.value, reset.label);
        onTypedChange(null);
      }}
      loading={loading}
      emptyText={emptyText}
      listLabel={listLabel}
      endAdornment={
        clearLabel && reset && value !== reset.value ? (
          <button
            type="button"
            aria-label={clearLabel}
            onClick={() => onChange(reset.value, reset.label)}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-8 px-0' })}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null
      }
    />
  );
}

/** Projects by name as typed (a Contractor finds only its own); for the task form and the list filter. */
export function ProjectPicker({ clearLabel, ...props }: PickerProps & { clearLabel?: string }) {
  const [typed, setTyped] = useState<string | null>(null);
  const search = (typed ?? '').trim();
  const settled = useDebouncedValue(search, 250);
  const projects = useQuery(projectOptionsQueryOptions(settled));
  const found = (projects.data?.data ?? []).map((project) => ({ value: project.id, label: project.name }));
  return (
    <SearchPicker
      {...props}
      placeholder={props.placeholder ?? props.specialOptions?.[0]?.label ?? 'Search projects'}
      typed={typed}
      onTypedChange={setTyped}
      found={found}
      loading={projects.isFetching || settled !== search}
      emptyText="No projects found"
      listLabel="Projects"
      {...(clearLabel ? { clearLabel } : {})}
    />
  );
}

/**
 * An assignee: people who may search the directory (people:view) search every employee; others
 * (Contractors) choose from the project's team, and themselves.
 */
export function AssigneePicker({
  projectId,
  clearLabel,
  ...props
}: PickerProps & {
  /** The task's project: its team is offered to people who cannot search the directory. */
  projectId?: string | undefined;
  clearLabel?: string;
}) {
  const me = useMe();
  const canSearchPeople = hasPermission(me, 'people:view');
  const [typed, setTyped] = useState<string | null>(null);
  const search = (typed ?? '').trim();
  const settled = useDebouncedValue(search, 250);

  const employees = useQuery({
    ...assigneeSearchQueryOptions(settled),
    enabled: canSearchPeople,
  });
  const team = useQuery({
    ...projectForTasksQueryOptions(projectId ?? ''),
    enabled: !canSearchPeople && Boolean(projectId),
  });

  let found: ComboboxOption[];
  if (canSearchPeople) {
    found = (employees.data?.data ?? []).map((employee) => ({
      value: employee.id,
      label: employeeFullName(employee),
      description: `${employee.jobTitle} · ${employee.department}`,
    }));
  } else {
    const people = (team.data?.teamMembers ?? []).map((member) => ({
      value: member.id,
      label: member.name,
      description: member.jobTitle,
    }));
    if (me.employeeId && !people.some((person) => person.value === me.employeeId)) {
      people.unshift({ value: me.employeeId, label: me.user.name, description: 'You' });
    }
    found = people.filter((person) => typed === null || matches(person.label, typed));
  }

  return (
    <SearchPicker
      {...props}
      placeholder={props.placeholder ?? props.specialOptions?.[0]?.label ?? 'Search people'}
      typed={typed}
      onTypedChange={setTyped}
      found={found}
      loading={canSearchPeople ? employees.isFetching || settled !== search : team.isFetching}
      emptyText={canSearchPeople || projectId ? 'No one found' : 'Choose a project first to see its team'}
      listLabel="People"
      {...(clearLabel ? { clearLabel } : {})}
    />
  );
}
