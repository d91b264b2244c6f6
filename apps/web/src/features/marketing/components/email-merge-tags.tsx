import { Braces } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, type RefObject } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { MenuContent, MenuItem } from '../../../components/ui/menu';

// Issue 23: the lead fields a campaign may merge (campaign-render.ts lets a template read these and
// nothing else; an unknown one is refused when the campaign is saved).
export const mergeTags = [
  { label: 'First name', tag: '{{ lead.first_name | default: "there" }}' },
  { label: 'Last name', tag: '{{ lead.last_name }}' },
  { label: 'Email address', tag: '{{ lead.email }}' },
  { label: 'Company', tag: '{{ lead.company }}' },
  { label: 'Job title', tag: '{{ lead.job_title }}' },
] as const;

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * "Insert merge tag": puts the chosen tag where the cursor is in the field (replacing a selection),
 * then gives the field its focus back with the cursor after the tag.
 */
export function MergeTagMenu({
  target,
  value,
  onInsert,
  fieldName,
}: {
  target: RefObject<TextControl | null>;
  value: string;
  onInsert: (next: string) => void;
  /** Names the field in the button's accessible name when a form has several. */
  fieldName: string;
}) {
  const caret = useRef<number | null>(null);

  const insert = (tag: string) => {
    const control = target.current;
    const start = control?.selectionStart ?? value.length;
    const end = control?.selectionEnd ?? value.length;
    onInsert(`${value.slice(0, start)}${tag}${value.slice(end)}`);
    caret.current = start + tag.length;
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Insert merge tag into ${fieldName}`}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'h-8 px-2 text-xs' })}
      >
        <Braces aria-hidden="true" className="size-4" />
        Insert merge tag
      </DropdownMenu.Trigger>
      <MenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          const control = target.current;
          const at = caret.current;
          if (!control || at === null) return;
          // Back to the field, not the menu button: the author goes on typing after the tag.
          event.preventDefault();
          caret.current = null;
          control.focus();
          control.setSelectionRange(at, at);
        }}
      >
        {mergeTags.map((item) => (
          <MenuItem key={item.tag} onSelect={() => insert(item.tag)}>
            <span className="flex flex-col">
              <span className="font-medium">{item.label}</span>
              <code className="text-xs text-slate-600">{item.tag}</code>
            </span>
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
