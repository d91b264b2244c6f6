import { uploadedImageTypes, maxUploadedImageBytes } from '@atrium/shared';
import Image from '@tiptap/extension-image';
import { Plugin } from '@tiptap/pm/state';
import { Extension, useEditorState, type Editor } from '@tiptap/react';
import {
  Captions,
  Columns3,
  Heading2,
  Heading3,
  ImagePlus,
  Rows3,
  Table as TableIcon,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { useEffect, useMemo, useRef, useState, type Ref, type RefObject } from 'react';
import {
  RichTextEditor,
  toolButtonClasses,
  type RichTextEditorHandle,
  type RichTextValue,
} from '../../../components/ui/rich-text-editor';
import { cn } from '../../../lib/cn';
import { uploadArticleImage } from '../api/knowledge.queries';
import { defaultAltOf } from '../lib/image-alt';
import { articleTable, inTable, insertTable, tableCommands } from './article-table';
import { articleBodyClasses } from './article-body-classes';
import { ImageAltDialog } from './image-alt-dialog';

type Upload = { id: number; name: string; sent: number; problem?: string };

const isImage = (file: File) => (uploadedImageTypes as readonly string[]).includes(file.type);

/** What a paste or drop of image files tells the page, from inside the editor. */
const imageFilesEvent = 'article-image-files';
type ImageFiles = { files: File[]; at?: number | undefined };

/** Pasted or dropped image files are announced (imageFilesEvent) instead of going into the text. */
const ImageDrop = Extension.create({
  name: 'articleImageDrop',
  addProseMirrorPlugins: () => [
    new Plugin({
      props: {
        handlePaste: (view, event) => {
          const files = [...(event.clipboardData?.files ?? [])].filter(isImage);
          if (files.length === 0) return false;
          view.dom.dispatchEvent(
            new CustomEvent<ImageFiles>(imageFilesEvent, { bubbles: true, detail: { files } }),
          );
          return true;
        },
        handleDrop: (view, event) => {
          const files = [...(event.dataTransfer?.files ?? [])].filter(isImage);
          if (files.length === 0) return false;
          event.preventDefault();
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          view.dom.dispatchEvent(
            new CustomEvent<ImageFiles>(imageFilesEvent, { bubbles: true, detail: { files, at } }),
          );
          return true;
        },
      },
    }),
  ],
});

/**
 * The article editor (issue 22): the app's rich-text editor with section headings, tables and
 * images uploaded to the article (the button, or pasting and dropping), loaded in a chunk of its
 * own. `articleId` is null until the article is first saved: images need an article to belong to.
 */
export function ArticleBodyEditor({
  articleId,
  initialHtml,
  labelledBy,
  describedBy,
  invalid,
  onChange,
  onSubmitShortcut,
  ref,
}: {
  articleId: string | null;
  initialHtml: string;
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  onChange: (value: RichTextValue) => void;
  onSubmitShortcut?: () => void;
  ref?: Ref<RichTextEditorHandle>;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const nextUpload = useRef(0);
  // The alt of the selected image, while its dialog is open.
  const [altEditing, setAltEditing] = useState<{ alt: string | null } | null>(null);

  const upload = (files: File[], at?: number) => {
    for (const file of files) {
      const id = nextUpload.current++;
      const change = (values: Partial<Upload>) =>
        setUploads((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item)));
      const problem = !articleId
        ? 'Save the article first, then add images'
        : !isImage(file)
          ? 'Choose a PNG, JPEG, GIF or WebP image'
          : file.size > maxUploadedImageBytes
            ? `An image may have at most ${maxUploadedImageBytes / 1024 / 1024} MB`
            : undefined;
      setUploads((current) => [
        ...current,
        { id, name: file.name, sent: 0, ...(problem ? { problem } : {}) },
      ]);
      if (problem || !articleId) continue;
      uploadArticleImage(articleId, file, (sent) => change({ sent }))
        .then(({ url }) => {
          const image = { type: 'image', attrs: { src: url, alt: defaultAltOf(file.name) } };
          const editor = editorRef.current;
          if (editor) {
            if (at === undefined) editor.chain().focus().insertContent(image).run();
            else editor.chain().focus().insertContentAt(at, image).run();
          }
          setUploads((current) => current.filter((item) => item.id !== id));
        })
        .catch((error: unknown) =>
          change({ problem: error instanceof Error ? error.message : 'The upload failed' }),
        );
    }
  };

  // Made once: the editor keeps its extensions for its life.
  const document = useMemo(
    () => ({
      initialHtml,
      extensions: [...articleTable, Image.configure({ inline: false, allowBase64: false }), ImageDrop],
      tools: (editor: Editor) => (
        <DocumentTools
          editor={editor}
          editorRef={editorRef}
          onPickImage={() => fileInput.current?.click()}
          onEditAlt={() =>
            setAltEditing({ alt: (editor.getAttributes('image').alt as string | null | undefined) ?? null })
          }
        />
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first content only; the article stays the same
    [],
  );

  // Images pasted or dropped into the text (the ImageDrop extension) upload like picked ones.
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = wrapper.current;
    const listener = (event: Event) => {
      const { files, at } = (event as CustomEvent<ImageFiles>).detail;
      upload(files, at);
    };
    element?.addEventListener(imageFilesEvent, listener);
    return () => element?.removeEventListener(imageFilesEvent, listener);
  });

  return (
    <div ref={wrapper} className="space-y-2">
      <RichTextEditor
        ref={ref}
        labelledBy={labelledBy}
        describedBy={describedBy}
        invalid={invalid}
        onChange={onChange}
        onSubmitShortcut={onSubmitShortcut}
        document={document}
        className={cn(articleBodyClasses, '[&_.ProseMirror]:min-h-72')}
      />
      <ImageAltDialog
        open={altEditing !== null}
        alt={altEditing?.alt ?? null}
        onClose={() => setAltEditing(null)}
        onSave={(alt) => {
          // The image stays selected while the dialog is open, so this is the one it was opened for.
          editorRef.current?.chain().updateAttributes('image', { alt }).run();
          setAltEditing(null);
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept={uploadedImageTypes.join(',')}
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          upload([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {uploads.length > 0 ? (
        <ul aria-label="Image uploads" aria-live="polite" className="space-y-1.5">
          {uploads.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 truncate font-medium text-slate-800">{item.name}</span>
              {item.problem ? (
                <>
                  <span className="font-medium text-red-700">{item.problem}</span>
                  <button
                    type="button"
                    className="text-slate-600 underline hover:text-slate-900"
                    onClick={() => setUploads((current) => current.filter((other) => other.id !== item.id))}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <progress
                  aria-label={`Uploading ${item.name}`}
                  value={Math.round(item.sent * 100)}
                  max={100}
                  className="h-2 w-40 accent-indigo-600"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const altButtonClasses = cn(
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
);

type Tool = { label: string; icon: LucideIcon; run: (editor: Editor) => void; pressed?: boolean };

function DocumentTools({
  editor,
  editorRef,
  onPickImage,
  onEditAlt,
}: {
  editor: Editor;
  /** Where the uploads find the editor to put their images in. */
  editorRef: RefObject<Editor | null>;
  onPickImage: () => void;
  /** Opens the selected image's alt text dialog. */
  onEditAlt: () => void;
}) {
  useEffect(() => {
    editorRef.current = editor;
  }, [editor, editorRef]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      table: inTable(current),
      image: current.isActive('image'),
    }),
  });
  const tools: Tool[] = [
    {
      label: 'Heading',
      icon: Heading2,
      pressed: state.h2,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subheading',
      icon: Heading3,
      pressed: state.h3,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    { label: 'Insert table', icon: TableIcon, run: insertTable },
    { label: 'Insert image', icon: ImagePlus, run: onPickImage },
    ...(state.table
      ? [
          { label: 'Add row', icon: Rows3, run: tableCommands.addRow },
          { label: 'Add column', icon: Columns3, run: tableCommands.addColumn },
          { label: 'Delete row', icon: Trash2, run: tableCommands.deleteRow },
          { label: 'Delete column', icon: Trash2, run: tableCommands.deleteColumn },
          { label: 'Delete table', icon: Trash2, run: tableCommands.deleteTable },
        ]
      : []),
  ];
  return (
    <>
      <Toolbar.Separator className="mx-1 h-5 w-px bg-slate-200" />
      {tools.map(({ label, icon: Icon, run, pressed }) => (
        <Toolbar.Button
          key={label}
          aria-label={label}
          title={label}
          {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
          onClick={() => run(editor)}
          className={toolButtonClasses}
        >
          <Icon aria-hidden="true" className="size-4" />
        </Toolbar.Button>
      ))}
      {state.image ? (
        <Toolbar.Button
          title="Describe the selected image for screen readers"
          onClick={onEditAlt}
          className={altButtonClasses}
        >
          <Captions aria-hidden="true" className="size-4" />
          Alt text
        </Toolbar.Button>
      ) : null}
    </>
  );
}
