import { employeeFullName, type Employee } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useRef, useState, type Ref, type RefCallback } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { employeeSearchQueryOptions } from '../api/projects.queries';

/** A person picked in a form: the id is what is sent, the name what is shown. */
export type PickedPerson = { id: string; name: string };

type ControlProps = {
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
};

const optionOf = (employee: Employee): ComboboxOption => ({
  value: employee.id,
  label: employeeFullName(employee),
  description: `${employee.jobTitle} · ${employee.department} · ${employee.employeeCode}`,
});

/** Active employees found as typed: a workspace of thousands never fits in a select. */
function useEmployeeOptions(text: string) {
  const search = text.trim();
  const settled = useDebouncedValue(search, 250);
  const found = useQuery(employeeSearchQueryOptions(settled));
  return {
    options: (found.data?.data ?? []).map(optionOf),
    searching: found.isFetching || settled !== search,
    failed: found.isError,
  };
}

/**
 * Picks one employee by typing part of their name, title or employee id. Leaving the box puts the
 * picked name back; with `clearLabel`, the clear button (or emptying the box) picks nobody.
 */
export function EmployeePicker({
  value,
  onChange,
  onBlur,
  placeholder = 'Search by name',
  clearLabel,
  ...control
}: ControlProps & {
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Allows picking nobody; the clear button's accessible name, e.g. "No project manager". */
  clearLabel?: string;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const { options, searching, failed } = useEmployeeOptions(typed ?? '');
  return (
    <Combobox
      {...control}
      inputValue={typed ?? value?.name ?? ''}
      onInputValueChange={setTyped}
      options={options}
      onSelect={(option) => {
        onChange({ id: option.value, name: option.label });
        setTyped(null);
      }}
      onBlur={() => {
        if (clearLabel && typed?.trim() === '') onChange(null);
        setTyped(null);
        onBlur?.();
      }}
      loading={searching}
      emptyText={failed ? 'The employees could not be loaded. Try again later.' : 'No employees found'}
      listLabel="Employees"
      placeholder={placeholder}
      endAdornment={
        clearLabel && value ? (
          <button
            type="button"
            aria-label={clearLabel}
            title={clearLabel}
            onClick={() => onChange(null)}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-8 px-0' })}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null
      }
    />
  );
}

/**
 * Picks any number of employees (a project team): the picked ones are chips above the search box,
 * each with a remove button; the suggestions leave out who is already picked.
 */
export function EmployeeMultiPicker({
  value,
  onChange,
  onBlur,
  inputRef,
  listLabel = 'Picked people',
  placeholder = 'Add people by name',
  ...control
}: Omit<ControlProps, 'inputRef'> & {
  /** A callback ref (react-hook-form's `field.ref`): the picker keeps its own ref to the box too. */
  inputRef?: RefCallback<HTMLInputElement>;
  value: readonly PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  onBlur?: () => void;
  /** The accessible name of the chips' list, e.g. "Team members". */
  listLabel?: string;
  placeholder?: string;
}) {
  const boxRef = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const { options, searching, failed } = useEmployeeOptions(text);
  const picked = new Set(value.map((person) => person.id));

  const setRefs = (node: HTMLInputElement | null) => {
    boxRef.current = node;
    inputRef?.(node);
  };

  const remove = (person: PickedPerson) => {
    onChange(value.filter((other) => other.id !== person.id));
    // The chip's button goes away with it: the search box keeps the focus inside the form.
    boxRef.current?.focus();
  };

  return (
    <div>
      {value.length > 0 ? (
        <ul aria-label={listLabel} className="mb-2 flex flex-wrap gap-1.5">
          {value.map((person) => (
            <li
              key={person.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-3 text-sm font-medium text-indigo-900 ring-1 ring-indigo-200 ring-inset"
            >
              <span className="min-w-0 truncate">{person.name}</span>
              <button
                type="button"
                aria-label={`Remove ${person.name}`}
                onClick={() => remove(person)}
                className="grid size-7 shrink-0 place-items-center rounded-full text-indigo-700 hover:bg-indigo-100 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox
        {...control}
        inputRef={setRefs}
        inputValue={text}
        onInputValueChange={setText}
        options={options.filter((option) => !picked.has(option.value))}
        onSelect={(option) => {
          onChange([...value, { id: option.value, name: option.label }]);
          setText('');
        }}
        onBlur={onBlur}
        loading={searching}
        emptyText={
          failed
            ? 'The employees could not be loaded. Try again later.'
            : options.length > 0
              ? 'Everyone found is already picked'
              : 'No employees found'
        }
        listLabel="Employees"
        placeholder={placeholder}
      />
    </div>
  );
}
