import { X } from 'lucide-react';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { cn } from '../../../lib/cn';

/**
 * Tags as removable chips; Enter or a comma adds what was typed, Backspace in an empty box removes
 * the last one. Leaving the box keeps what was typed as a tag, so nothing typed is lost on save.
 */
export function TagInput({
  value,
  onChange,
  inputRef,
  id,
  placeholder = 'Add a tag and press Enter',
  ...aria
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const [text, setText] = useState('');

  const add = (raw: string) => {
    const tags = raw
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '' && !value.includes(tag));
    if (tags.length > 0) onChange([...value, ...new Set(tags)]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg bg-white px-2 py-1.5 shadow-sm ring-1 ring-slate-300 ring-inset',
        'focus-within:ring-2 focus-within:ring-indigo-600',
        aria['aria-invalid'] && 'ring-red-600',
      )}
    >
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex items-center gap-1 rounded-md bg-indigo-50 py-0.5 pr-1 pl-2 text-xs font-medium text-indigo-800"
        >
          {tag}
          <button
            type="button"
            aria-label={`Remove tag ${tag}`}
            onClick={() => onChange(value.filter((other) => other !== tag))}
            className="grid size-5 place-items-center rounded text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </span>
      ))}
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="off"
        maxLength={40}
        value={text}
        placeholder={value.length === 0 ? placeholder : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => add(text)}
        className="h-7 min-w-32 flex-1 border-0 bg-transparent px-1 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
        {...aria}
      />
    </div>
  );
}
