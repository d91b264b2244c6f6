import { X } from 'lucide-react';
import { useRef, type Ref, type RefCallback } from 'react';
import { buttonClasses } from './button';
import { Combobox, type ComboboxOption } from './combobox';

/** A record picked in a form or filter: the id is what is sent, the name what is shown. */
export type PickedRecord = { id: string; name: string };

/** What a form's Field hands to the box (and a filter's own label). */
export type PickerControlProps = {
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
};

/** What the caller's server search gives the picker for the text typed. */
export type PickerSearchProps = {
  options: readonly ComboboxOption[];
  loading: boolean;
  /** Shown in the list when nothing is found (or the search failed). */
  emptyText: string;
  /** The list's accessible name, e.g. "Employees". */
  listLabel: string;
  placeholder: string;
};

/** What a form or filter sets on a one-record picker. */
export type RecordPickerProps = PickerControlProps & {
  inputRef?: Ref<HTMLInputElement>;
  value: PickedRecord | null;
  onChange: (record: PickedRecord | null) => void;
  onBlur?: () => void;
  /** Allows picking none; the clear button's accessible name, e.g. "No project manager". */
  clearLabel?: string;
};

/** What a form sets on a many-record picker. */
export type RecordMultiPickerProps = PickerControlProps & {
  /** A callback ref (react-hook-form's `field.ref`): the picker keeps its own ref to the box too. */
  inputRef?: RefCallback<HTMLInputElement>;
  value: readonly PickedRecord[];
  onChange: (records: PickedRecord[]) => void;
  onBlur?: () => void;
  /** The accessible name of the chips' list, e.g. "Team members". */
  chipsLabel: string;
  /** Offers one button that picks every suggestion shown (a whole department found by its name). */
  pickAllShown?: boolean;
};

const picked = (option: ComboboxOption): PickedRecord => ({ id: option.value, name: option.label });

/**
 * Picks one record by typing part of its name; the caller searches for `typed` (it owns that text, as
 * its query needs it). Leaving the box puts the picked name back; with `clearLabel`, the clear button
 * (or emptying the box) picks none.
 */
export function RecordPicker({
  value,
  onChange,
  onBlur,
  typed,
  onTypedChange,
  clearLabel,
  ...props
}: RecordPickerProps &
  PickerSearchProps & {
    /** The text typed since the last pick; null shows the picked name. */
    typed: string | null;
    onTypedChange: (typed: string | null) => void;
  }) {
  return (
    <Combobox
      {...props}
      inputValue={typed ?? value?.name ?? ''}
      onInputValueChange={onTypedChange}
      onSelect={(option) => {
        onChange(picked(option));
        onTypedChange(null);
      }}
      onBlur={() => {
        if (clearLabel && typed?.trim() === '') onChange(null);
        onTypedChange(null);
        onBlur?.();
      }}
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
 * Picks any number of records: the picked ones are chips above the search box, each with a remove
 * button; the suggestions leave out who is already picked. The caller owns the search text.
 */
export function RecordMultiPicker({
  value,
  onChange,
  inputRef,
  text,
  onTextChange,
  options,
  chipsLabel,
  pickAllShown = false,
  loading,
  ...props
}: RecordMultiPickerProps &
  PickerSearchProps & {
    text: string;
    onTextChange: (text: string) => void;
  }) {
  const boxRef = useRef<HTMLInputElement | null>(null);
  const pickedIds = new Set(value.map((record) => record.id));
  const unpicked = options.filter((option) => !pickedIds.has(option.value));
  const canPickAll = !loading && text.trim() !== '' && unpicked.length > 1;

  const setRefs = (node: HTMLInputElement | null) => {
    boxRef.current = node;
    inputRef?.(node);
  };

  const remove = (record: PickedRecord) => {
    onChange(value.filter((other) => other.id !== record.id));
    // The chip's button goes away with it: the search box keeps the focus inside the form.
    boxRef.current?.focus();
  };

  return (
    <div>
      {value.length > 0 ? (
        <ul aria-label={chipsLabel} className="mb-2 flex flex-wrap gap-1.5">
          {value.map((record) => (
            <li
              key={record.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-3 text-sm font-medium text-indigo-900 ring-1 ring-indigo-200 ring-inset"
            >
              <span className="min-w-0 truncate">{record.name}</span>
              <button
                type="button"
                aria-label={`Remove ${record.name}`}
                onClick={() => remove(record)}
                className="grid size-7 shrink-0 place-items-center rounded-full text-indigo-700 hover:bg-indigo-100 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pickAllShown ? (
        // Above the box, where the open suggestions cannot cover it, and always there so the box
        // does not move while one types; enabled once the suggestions answer what is typed.
        <div className="mb-1 flex justify-end">
          <button
            type="button"
            disabled={!canPickAll}
            onClick={() => {
              onChange([...value, ...unpicked.map(picked)]);
              onTextChange('');
              boxRef.current?.focus();
            }}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            {canPickAll ? `Pick all ${unpicked.length} shown` : 'Pick all shown'}
          </button>
        </div>
      ) : null}
      <Combobox
        {...props}
        inputRef={setRefs}
        inputValue={text}
        onInputValueChange={onTextChange}
        options={unpicked}
        loading={loading}
        onSelect={(option) => {
          onChange([...value, picked(option)]);
          onTextChange('');
        }}
      />
    </div>
  );
}
