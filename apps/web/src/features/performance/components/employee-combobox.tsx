import { useQuery } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { controlClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { employeeOptionsQueryOptions, type EmployeeOption } from '../api/performance.queries';

export type PickedEmployee = { id: string; name: string };

type ListItem = { key: string; employee: PickedEmployee | null; label: string; detail?: string };

/**
 * Picks one employee by typing part of a name (WAI-ARIA combobox with a listbox popup). It searches
 * the directory as you type instead of listing everyone, so it stays quick with thousands of people.
 */
export function EmployeeCombobox({
  value,
  onChange,
  onBlur,
  allLabel,
  placeholder = 'Search by name',
  className,
  ...control
}: {
  value: PickedEmployee | null;
  onChange: (next: PickedEmployee | null) => void;
  onBlur?: () => void;
  /** Offers "everyone" as the first option (a filter); without it a person must be chosen. */
  allLabel?: string;
  placeholder?: string;
  className?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const options = useQuery({ ...employeeOptionsQueryOptions(search), enabled: open });

  const items: ListItem[] = [
    ...(allLabel && !search ? [{ key: 'all', employee: null, label: allLabel }] : []),
    ...(options.data ?? []).map((option: EmployeeOption) => ({
      key: option.id,
      employee: { id: option.id, name: option.name },
      label: option.name,
      detail: option.detail,
    })),
  ];
  // Until the latest typing has been searched, the options on screen answer an older question.
  const busy = text.trim() !== search || options.isFetching;
  const active = Math.min(activeIndex, Math.max(items.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeOptionId = open && items[active] ? optionId(active) : undefined;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  // A dialog closes on Escape in the capture phase, before this input hears it; while the list is
  // open, the first Escape should only close the list.
  useEffect(() => {
    if (!open) return;
    const keepDialogOpen = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === inputRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', keepDialogOpen, true);
    return () => window.removeEventListener('keydown', keepDialogOpen, true);
  }, [open]);

  const openList = () => {
    if (open) return;
    setText('');
    setActiveIndex(0);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setText('');
  };
  const choose = (item: ListItem) => {
    onChange(item.employee);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex(Math.min(active + 1, items.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActiveIndex(Math.max(active - 1, 0));
        break;
      case 'Enter': {
        if (!open) break;
        // Inside a form, Enter in the search box picks an option; it never submits the form.
        event.preventDefault();
        const item = items[active];
        if (item && !busy) choose(item);
        break;
      }
      case 'Escape':
        if (open) close();
        break;
    }
  };

  const shown = open ? text : (value?.name ?? '');
  const showsStatus = open && (busy || options.isError || items.length === 0);

  return (
    <div className={cn('relative', className)}>
      <input
        {...control}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOptionId}
        placeholder={value ? value.name : (allLabel ?? placeholder)}
        value={shown}
        onChange={(event) => {
          if (!open) setOpen(true);
          setText(event.target.value);
          setActiveIndex(0);
        }}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className={controlClasses(cn('h-10', value && allLabel ? 'pr-16' : 'pr-9'))}
      />
      <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-2.5 text-slate-500">
        <ChevronDown aria-hidden="true" className="size-4" />
      </span>
      {value && allLabel && !open ? (
        <button
          type="button"
          aria-label={`Show ${allLabel.toLowerCase()}`}
          onClick={() => onChange(null)}
          className="absolute inset-y-0 right-7 my-auto grid size-7 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <div
        hidden={!open}
        className="absolute z-30 mt-1 w-full min-w-64 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Search results"
          aria-busy={busy}
          className="max-h-64 overflow-y-auto p-1"
        >
          {items.map((item, index) => (
            <li
              key={item.key}
              id={optionId(index)}
              role="option"
              aria-selected={(item.employee?.id ?? null) === (value?.id ?? null)}
              // Keeps the focus in the input, so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              onMouseMove={() => setActiveIndex(index)}
              className={cn(
                'cursor-default rounded-md px-2.5 py-2 text-sm',
                index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
              )}
            >
              <span className="block font-medium">{item.label}</span>
              {item.detail ? <span className="block text-xs text-slate-600">{item.detail}</span> : null}
            </li>
          ))}
        </ul>
        {showsStatus ? (
          <p role="status" className="flex items-center gap-2 px-3.5 py-2.5 text-sm text-slate-600">
            {busy ? (
              <>
                <Spinner /> Searching…
              </>
            ) : options.isError ? (
              'The employees could not be loaded.'
            ) : (
              'No employees match.'
            )}
          </p>
        ) : null}
      </div>
    </div>
  );
}
