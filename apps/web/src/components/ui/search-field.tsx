import { Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Input } from './input';
import { Spinner } from './spinner';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * A server-side search box: what is typed reaches `onSearch` once typing pauses, so large lists are
 * searched per pause, not per key. `value` is the search in effect (from the address); when it
 * changes from elsewhere (a link, Back, Clear filters) the box follows it.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  searching,
}: {
  /** The accessible name, e.g. "Search employees". */
  label: string;
  placeholder: string;
  value: string;
  onSearch: (query: string) => void;
  searching: boolean;
}) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  const settled = useDebouncedValue(text, 300);
  const publish = useEffectEvent((query: string) => {
    if (query !== value) onSearch(query);
  });
  // Only a change of the settled text searches: a reset from outside must not bring the old text back.
  useEffect(() => publish(settled.trim()), [settled]);

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      <span className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center">
        {searching ? (
          <Spinner className="mr-1 text-slate-500" />
        ) : text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText('')}
            className="grid size-7 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </span>
    </div>
  );
}
