import {
  Extension,
  EditorContent,
  useEditor,
  useEditorState,
  type Editor,
  type Extensions,
  type JSONContent,
} from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Code,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  TextQuote,
  type LucideIcon,
} from 'lucide-react';
import { Popover, Toolbar } from 'radix-ui';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Input } from './input';
import { richTextClasses } from './rich-text';

/** What the editor holds: its html (sanitised again on the server) and its plain text, to validate. */
export type RichTextValue = { html: string; text: string };

export type RichTextEditorHandle = {
  focus(): void;
  /** Empties it without calling `onChange`, as after sending. */
  clear(): void;
  /**
   * Adds plain text at the end, a paragraph for each block separated by a blank line (a macro's
   * reply, a saved answer); a single line break stays a line break.
   */
  appendText(text: string): void;
  /** Replaces the content without calling `onChange`, as when a saved version is loaded again. */
  setHtml(html: string): void;
  /** Puts a link with these words where the cursor was (a knowledge-base article, issue 22). */
  insertLink(text: string, href: string): void;
};

type RichTextEditorProps = {
  /** The visible label's id: the editable region is named by it. */
  labelledBy: string;
  /** The hint's and the error's ids. */
  describedBy?: string | undefined;
  invalid?: boolean;
  placeholder?: string;
  onChange: (value: RichTextValue) => void;
  /** Ctrl+Enter, Cmd+Enter on a Mac: send, save. */
  onSubmitShortcut?: () => void;
  className?: string;
  ref?: Ref<RichTextEditorHandle>;
  /**
   * For documents (knowledge-base articles, issue 22): section headings (h2, h3), the content to
   * start from, more extensions (tables, images) and their toolbar buttons after the common ones.
   * The caller loads those in its own chunk, so replies never download them.
   */
  document?: {
    initialHtml: string;
    extensions: Extensions;
    tools: (editor: Editor) => ReactNode;
  };
};

/** The formatting the server keeps (issue 21): nothing the toolbar cannot make or undo. */
const formattingOf = (headings: boolean) =>
  StarterKit.configure({
    heading: headings ? { levels: [2, 3] } : false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url, { defaultValidate }) => allowedHref(url) !== null && defaultValidate(url),
    },
  });

/** A link address as typed: https:// added when no scheme is given; only web and mail links. */
function allowedHref(typed: string): string | null {
  const address = typed.trim();
  if (!address) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(address)
    ? address
    : /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(address)
      ? `mailto:${address}`
      : `https://${address}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? withScheme : null;
  } catch {
    return null;
  }
}

/** Plain text as paragraphs: blank lines part them, single line breaks stay inside. */
function paragraphsOf(text: string): JSONContent[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => ({
      type: 'paragraph',
      content: block
        .split('\n')
        .flatMap((line, index): JSONContent[] => [
          ...(index > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line ? [{ type: 'text', text: line }] : []),
        ]),
    }));
}

/**
 * A small rich-text editor (Tiptap, ARCHITECTURE.md: ticket replies, the knowledge base): bold,
 * italic, lists, quote, code and links from the toolbar or Tiptap's shortcuts (Ctrl+B, Ctrl+I,
 * Ctrl+Shift+8 ...; Ctrl+K for a link). The editable region is a labelled multi-line textbox. It
 * keeps its own content; read it through `onChange`, and clear or add to it through the ref.
 */
export function RichTextEditor({
  labelledBy,
  describedBy,
  invalid = false,
  placeholder = '',
  onChange,
  onSubmitShortcut,
  className,
  ref,
  document,
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  // The editor is made once; these reach the current callbacks and texts from inside it.
  const latest = useRef({ onChange, onSubmitShortcut });
  useLayoutEffect(() => {
    latest.current = { onChange, onSubmitShortcut };
  });

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    ...(document ? { content: document.initialHtml } : {}),
    extensions: [
      formattingOf(document !== undefined),
      ...(document?.extensions ?? []),
      Placeholder.configure({ placeholder: ({ editor: current }) => placeholderOf(current) }),
      Extension.create({
        name: 'composerKeys',
        // Before the hard break's own Mod-Enter.
        priority: 1000,
        addKeyboardShortcuts: () => ({
          'Mod-Enter': () => {
            latest.current.onSubmitShortcut?.();
            return true;
          },
          'Mod-k': () => {
            setLinkOpen(true);
            return true;
          },
        }),
      }),
    ],
    editorProps: { attributes: editableAttributes({ labelledBy, describedBy, invalid, placeholder }) },
    onUpdate: ({ editor: current }) =>
      latest.current.onChange({ html: current.getHTML(), text: current.getText() }),
  });

  // A new error or hint (ids), or another label, reaches the editable region without a new editor;
  // setOptions also redraws the placeholder.
  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: editableAttributes({ labelledBy, describedBy, invalid, placeholder }) },
    });
  }, [editor, labelledBy, describedBy, invalid, placeholder]);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editor.commands.focus('end'),
      // Not a change the author made (the message was sent): nobody hears of it.
      clear: () => editor.commands.clearContent(false),
      appendText: (text) => {
        const paragraphs = paragraphsOf(text);
        if (paragraphs.length === 0) return;
        if (editor.isEmpty)
          editor.commands.setContent({ type: 'doc', content: paragraphs }, { emitUpdate: true });
        else editor.commands.insertContentAt(editor.state.doc.content.size, paragraphs);
        editor.commands.focus('end');
      },
      setHtml: (html) => editor.commands.setContent(html, { emitUpdate: false }),
      insertLink: (text, href) =>
        editor
          .chain()
          .focus()
          .insertContent([
            { type: 'text', text, marks: [{ type: 'link', attrs: { href } }] },
            { type: 'text', text: ' ' },
          ])
          .run(),
    }),
    [editor],
  );

  return (
    <div
      className={cn(
        'rounded-lg bg-white shadow-sm ring-1 ring-slate-300 ring-inset focus-within:ring-2 focus-within:ring-indigo-600',
        className,
        invalid && 'ring-red-600',
      )}
    >
      <FormattingToolbar
        editor={editor}
        linkOpen={linkOpen}
        onLinkOpenChange={setLinkOpen}
        tools={document?.tools}
      />
      <EditorContent
        editor={editor}
        className={cn(
          richTextClasses,
          '[&_.ProseMirror]:min-h-24 [&_.ProseMirror]:px-3 [&_.ProseMirror]:py-2 [&_.ProseMirror]:focus-visible:outline-none',
          '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0',
          '[&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
        )}
      />
    </div>
  );
}

function editableAttributes(options: {
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  placeholder: string;
}): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': options.labelledBy,
    ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
    ...(options.invalid ? { 'aria-invalid': 'true' } : {}),
    ...(options.placeholder ? { 'aria-placeholder': options.placeholder } : {}),
  };
}

/** The placeholder shown in the empty editor is the one screen readers are told of. */
function placeholderOf(editor: Editor): string {
  const attributes = editor.options.editorProps.attributes;
  return (typeof attributes === 'object' ? attributes['aria-placeholder'] : undefined) ?? '';
}

type Mark = 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'blockquote' | 'code';

const toggles: {
  mark: Mark;
  label: string;
  keys: string;
  icon: LucideIcon;
  toggle: (editor: Editor) => void;
}[] = [
  {
    mark: 'bold',
    label: 'Bold',
    keys: 'Ctrl+B',
    icon: Bold,
    toggle: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    mark: 'italic',
    label: 'Italic',
    keys: 'Ctrl+I',
    icon: Italic,
    toggle: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    mark: 'bulletList',
    label: 'Bulleted list',
    keys: 'Ctrl+Shift+8',
    icon: List,
    toggle: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    mark: 'orderedList',
    label: 'Numbered list',
    keys: 'Ctrl+Shift+7',
    icon: ListOrdered,
    toggle: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    mark: 'blockquote',
    label: 'Quote',
    keys: 'Ctrl+Shift+B',
    icon: TextQuote,
    toggle: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    mark: 'code',
    label: 'Code',
    keys: 'Ctrl+E',
    icon: Code,
    toggle: (e) => e.chain().focus().toggleCode().run(),
  },
];

/** A toolbar button's look, for the buttons a document editor adds. */
export const toolButtonClasses = cn(
  'inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
  'aria-pressed:bg-indigo-100 aria-pressed:text-indigo-800',
);

/** Arrow keys move between the buttons (a toolbar is one tab stop); each says whether it is on. */
function FormattingToolbar({
  editor,
  linkOpen,
  onLinkOpenChange,
  tools,
}: {
  editor: Editor;
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
  tools: ((editor: Editor) => ReactNode) | undefined;
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      ...(Object.fromEntries(toggles.map(({ mark }) => [mark, current.isActive(mark)])) as Record<
        Mark,
        boolean
      >),
      link: current.isActive('link'),
    }),
  });
  return (
    <Toolbar.Root
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 px-1.5 py-1"
    >
      {toggles.map(({ mark, label, keys, icon: Icon, toggle }) => (
        <Toolbar.Button
          key={mark}
          aria-label={label}
          title={`${label} (${keys})`}
          aria-pressed={active[mark]}
          onClick={() => toggle(editor)}
          className={toolButtonClasses}
        >
          <Icon aria-hidden="true" className="size-4" />
        </Toolbar.Button>
      ))}
      <LinkPopover editor={editor} pressed={active.link} open={linkOpen} onOpenChange={onLinkOpenChange} />
      {tools?.(editor)}
    </Toolbar.Root>
  );
}

/** The link of the selection (or of the word the cursor is in): add, change or remove it. */
function LinkPopover({
  editor,
  pressed,
  open,
  onOpenChange,
}: {
  editor: Editor;
  pressed: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Toolbar.Button
          aria-label="Link"
          title="Link (Ctrl+K)"
          aria-pressed={pressed}
          className={toolButtonClasses}
        >
          <LinkIcon aria-hidden="true" className="size-4" />
        </Toolbar.Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Link"
          // Back to the text, where the link now is.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            editor.commands.focus();
          }}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] space-y-2 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200"
        >
          <LinkFields editor={editor} linked={pressed} onDone={() => onOpenChange(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Mounted each time the popover opens, starting from the link the cursor is in. */
function LinkFields({ editor, linked, onDone }: { editor: Editor; linked: boolean; onDone: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const [address, setAddress] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? '',
  );
  const [problem, setProblem] = useState<string | undefined>();

  const unlink = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };

  const apply = () => {
    if (!address.trim()) return unlink();
    const href = allowedHref(address);
    if (!href) {
      setProblem('Enter a web address (https://…) or an email address');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain.setLink({ href }).run();
    }
    onDone();
  };

  return (
    <>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Link address
      </label>
      {/* Not a form: the popover is portalled, and a submit would still reach the form around the editor. */}
      <Input
        id={inputId}
        type="url"
        inputMode="url"
        value={address}
        placeholder="https://"
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      {problem ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {linked ? (
          <Button variant="ghost" size="sm" onClick={unlink}>
            Remove link
          </Button>
        ) : null}
        <Button size="sm" onClick={apply}>
          Apply
        </Button>
      </div>
    </>
  );
}
