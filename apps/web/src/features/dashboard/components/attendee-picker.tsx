import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Combobox } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { inviteesQueryOptions } from '../api/dashboard.queries';

export type PickedAttendee = { id: string; name: string };

/**
 * Picks any number of people by typing part of a name: the chosen ones sit above the search box,
 * each with a remove button. The server searches, so it stays quick with thousands of people.
 */
export function AttendeePicker({
  value,
  onChange,
  onBlur,
  inputRef,
  ...control
}: {
  value: readonly PickedAttendee[];
  onChange: (next: PickedAttendee[]) => void;
  onBlur?: () => void;
  /** Lets a form focus the box (react-hook-form's field ref). */
  inputRef?: (node: HTMLInputElement | null) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const boxRef = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const invitees = useQuery(inviteesQueryOptions(search));
  const chosen = new Set(value.map((attendee) => attendee.id));
  const options = (invitees.data ?? [])
    .filter((invitee) => !chosen.has(invitee.id))
    .map((invitee) => ({ value: invitee.id, label: invitee.name, description: invitee.detail }));

  const setRefs = (node: HTMLInputElement | null) => {
    boxRef.current = node;
    inputRef?.(node);
  };

  const remove = (attendee: PickedAttendee) => {
    onChange(value.filter((other) => other.id !== attendee.id));
    // The button goes away with the name: the search box keeps the focus inside the form.
    boxRef.current?.focus();
  };

  return (
    <div>
      {value.length > 0 ? (
        <ul aria-label="Invited people" className="mb-2 flex flex-wrap gap-2">
          {value.map((attendee) => (
            <li
              key={attendee.id}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-3 text-sm font-medium text-indigo-900 ring-1 ring-indigo-200 ring-inset"
            >
              {attendee.name}
              <button
                type="button"
                aria-label={`Remove ${attendee.name}`}
                onClick={() => remove(attendee)}
                className="grid size-7 place-items-center rounded-full text-indigo-700 hover:bg-indigo-100 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
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
        options={options}
        onSelect={(option) => {
          onChange([...value, { id: option.value, name: option.label }]);
          setText('');
        }}
        onBlur={() => {
          // Typed text that was not picked is no one: leaving the box must not look like an invitation.
          setText('');
          onBlur?.();
        }}
        loading={invitees.isFetching || search !== text.trim()}
        emptyText={invitees.isError ? 'The people could not be loaded' : 'No one found'}
        listLabel="People"
        placeholder="Search people by name"
      />
    </div>
  );
}
