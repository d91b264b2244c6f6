import { Popover } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';
import { Spinner } from './spinner';

export type ComboboxOption = { value: string; label: string; description?: string };

/**
 * A text box that suggests options as you type (WAI-ARIA combobox with a listbox popup). The caller
 * owns the text and the options, so they can come from a server search. Focus stays in the text box;
 * the arrow keys move through the options and Enter picks one. The list is a Radix Popover, so inside
 * a dialog Escape closes the list first, not the dialog.
 */
export function Combobox({
  id,
  inputRef,
  inputValue,
  onInputValueChange,
  options,
  onSelect,
  onBlur,
  loading = false,
  emptyText,
  listLabel,
  placeholder,
  className,
  endAdornment,
  ...aria
}: {
  id?: string;
  /** Lets a form focus the box (react-hook-form focuses the first field with an error). */
  inputRef?: Ref<HTMLInputElement>;
  inputValue: string;
  onInputValueChange: (value: string) => void;
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  onBlur?: () => void;
  loading?: boolean;
  /** Shown in the list when nothing matches. */
  emptyText: string;
  /** The list's accessible name, e.g. "Employees". */
  listLabel: string;
  placeholder?: string;
  className?: string;
  /** A control inside the box on the right, e.g. a clear button. */
  endAdornment?: ReactNode;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const listId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const active = open ? options[Math.min(activeIndex, options.length - 1)] : undefined;
  // A popup with only "Searching…" or "nothing found" in it is a status, not an expanded list.
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActiveIndex(event.key === 'ArrowDown' ? 0 : Math.max(0, options.length - 1));
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % Math.max(1, options.length));
    } else if (event.key === 'Enter' && open && active) {
      // Picking an option must not submit the form around the box.
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div ref={anchorRef} className={cn('relative', className)}>
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active ? optionId(options.indexOf(active)) : undefined}
            value={inputValue}
            placeholder={placeholder}
            onChange={(event) => {
              onInputValueChange(event.target.value);
              setActiveIndex(0);
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              onBlur?.();
            }}
            className={controlClasses(cn('h-10', endAdornment ? 'pr-10' : undefined))}
            {...aria}
          />
          {endAdornment ? (
            <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>
          ) : null}
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          // Radix makes popover content a dialog; this one is only the list's frame.
          role={undefined}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
          }}
          className="z-60 w-(--radix-popover-trigger-width) min-w-64 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {expanded ? (
            // The listbox itself scrolls: a combobox's popup is reached by the arrow keys, not by Tab.
            // Busy while the options on screen answer an older search than the text typed.
            <ul
              id={listId}
              role="listbox"
              aria-label={listLabel}
              aria-busy={loading}
              className="max-h-70 overflow-y-auto"
            >
              {options.map((option, index) => (
                <li
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={option === active}
                  // Keeps the focus (and the dialog's focus trap) in the text box.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActiveIndex(index)}
                  onClick={() => choose(option)}
                  className={cn(
                    'cursor-default rounded-md px-2.5 py-2 text-sm',
                    option === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
                  )}
                >
                  <span className="block font-medium">{option.label}</span>
                  {option.description ? (
                    <span className="block text-xs text-slate-600">{option.description}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {options.length === 0 ? (
            <p role="status" className="flex items-center gap-2 px-2.5 py-2 text-sm text-slate-600">
              {loading ? (
                <>
                  <Spinner /> Searching…
                </>
              ) : (
                emptyText
              )}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
