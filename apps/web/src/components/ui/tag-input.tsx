import { X } from 'lucide-react';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { addTags, splitTags } from '../../lib/tags';
import { Input } from './input';

/**
 * Tags as chips: typing a comma or pressing Enter turns the text into a tag, Backspace in an empty
 * box takes the last one back for editing, and leaving the box keeps what was typed as a tag.
 */
export function TagInput({
  value,
  onChange,
  onBlur,
  inputRef,
  listLabel = 'Added tags',
  placeholder = 'Type a tag, then comma or Enter',
  ...control
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  listLabel?: string;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const [text, setText] = useState('');

  const commit = (typed: string) => {
    const tag = typed.trim();
    if (tag) onChange(addTags(value, [tag]));
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not submit the form around the box.
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      setText(value.at(-1) ?? '');
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div>
      {value.length > 0 ? (
        <ul aria-label={listLabel} className="mb-2 flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 ring-inset"
            >
              <span className="min-w-0 truncate" title={tag}>
                {tag}
              </span>
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((other) => other !== tag))}
                className="grid size-7 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        {...control}
        ref={inputRef}
        autoComplete="off"
        enterKeyHint="done"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          const { tags, rest } = splitTags(event.target.value);
          if (tags.length > 0) onChange(addTags(value, tags));
          setText(rest);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit(text);
          onBlur?.();
        }}
      />
    </div>
  );
}
