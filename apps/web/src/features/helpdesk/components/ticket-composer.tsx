import {
  createTicketMessageSchema,
  ticketStatuses,
  ticketStatusLabels,
  type CreateTicketMessageInput,
  type Macro,
  type TicketDetails,
  type TicketMessageResult,
  type TicketStatus,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, ChevronDown, Lock, MessageSquareText, Send } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense, useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FileAttachments, type PickedAttachment } from '../../../components/ui/file-attachments';
import { MenuContent, MenuItem } from '../../../components/ui/menu';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { Select } from '../../../components/ui/input';
import type { RichTextEditorHandle, RichTextValue } from '../../../components/ui/rich-text-editor';
import { cn } from '../../../lib/cn';
import { applyMacro, macrosQueryOptions } from '../api/helpdesk-setup.queries';
import {
  addTicketMessage,
  refreshAfterTicketChange,
  ticketDetailsQueryOptions,
  uploadAttachment,
} from '../api/tickets.queries';

// The editor (Tiptap and ProseMirror, the largest part of the ticket page) loads beside the page,
// not before it: the conversation shows while it comes.
// Issue 22: the knowledge base's search loads when an agent first asks for it.
const InsertArticleDialog = lazy(() =>
  import('../../knowledge').then((module) => ({ default: module.InsertArticleDialog })),
);
const RichTextEditor = lazy(() =>
  import('../../../components/ui/rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

type Mode = 'reply' | 'note';

const noText: RichTextValue = { html: '', text: '' };

/** The message and the ticket as the server answered them, added to what the page shows. */
function withMessage(ticket: TicketDetails, result: TicketMessageResult): TicketDetails {
  const known = ticket.messages.some((message) => message.id === result.message.id);
  return {
    ...ticket,
    ...result.ticket,
    messages: known ? ticket.messages : [...ticket.messages, result.message],
  };
}

/**
 * Reply to the customer, or add an internal note for the other agents (formatted text, with files);
 * Ctrl+Enter (Cmd+Enter on a Mac) sends. `onTyping` hears every change the agent makes to the text.
 */
export function TicketComposer({ ticket, onTyping }: { ticket: TicketDetails; onTyping?: () => void }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('reply');
  const [value, setValue] = useState<RichTextValue>(noText);
  const [files, setFiles] = useState<PickedAttachment[]>([]);
  const [error, setError] = useState<string | undefined>();
  // "Send and set Pending": the status moves with the message, in the same request.
  const [thenStatus, setThenStatus] = useState<TicketStatus | ''>('');
  const thenStatusId = useId();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const note = mode === 'note';
  const editorRef = useRef<RichTextEditorHandle | null>(null);
  // The editor's code may still be loading when a macro's reply or an article's link arrives:
  // those edits wait for it rather than being lost.
  const waitingEdits = useRef<((editor: RichTextEditorHandle) => void)[]>([]);
  const edit = (change: (editor: RichTextEditorHandle) => void) => {
    if (editorRef.current) change(editorRef.current);
    else waitingEdits.current.push(change);
  };
  const attachEditor = useCallback((handle: RichTextEditorHandle | null) => {
    editorRef.current = handle;
    if (handle) for (const change of waitingEdits.current.splice(0)) change(handle);
  }, []);
  const [insertingArticle, setInsertingArticle] = useState(false);

  // A macro's actions are saved at once; its reply joins what the agent has written, to review and send.
  const macro = useMutation({
    mutationFn: (chosen: Macro) => applyMacro(ticket.id, { macroId: chosen.id, version: ticket.version }),
    onSuccess: (result, chosen) => {
      queryClient.setQueryData(ticketDetailsQueryOptions(ticket.id).queryKey, result.ticket);
      void refreshAfterTicketChange(queryClient);
      if (result.body) {
        setMode('reply');
        edit((editor) => editor.appendText(result.body));
        setError(undefined);
      }
      toast.success(`Macro “${chosen.name}” applied`);
    },
  });

  const send = useMutation({
    mutationFn: (input: CreateTicketMessageInput) => addTicketMessage(ticket.id, input),
    onSuccess: (result, input) => {
      queryClient.setQueryData(ticketDetailsQueryOptions(ticket.id).queryKey, (current) =>
        current ? withMessage(current, result) : current,
      );
      void refreshAfterTicketChange(queryClient);
      editorRef.current?.clear();
      setValue(noText);
      setFiles([]);
      setThenStatus('');
      const sent = result.message.internal ? 'Internal note added' : 'Reply sent';
      toast.success(
        input.status ? `${sent}; the ticket is now ${ticketStatusLabels[result.ticket.status]}` : sent,
      );
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (files.some((file) => file.state === 'uploading')) {
      setError('Wait until the files are uploaded');
      return;
    }
    if (files.some((file) => file.state === 'failed')) {
      setError('Remove the files that could not be attached');
      return;
    }
    const parsed = createTicketMessageSchema.safeParse({
      body: value.text,
      html: value.html,
      internal: note,
      ...(thenStatus ? { status: thenStatus } : {}),
      attachmentIds: files.map((file) => file.id),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Write a message"
      className={cn(
        'space-y-3 rounded-xl p-4 shadow-sm ring-1',
        note ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Message type" className="inline-flex rounded-lg bg-slate-200/70 p-1">
          {(['reply', 'note'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={mode === choice}
              onClick={() => setMode(choice)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:text-slate-900',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                mode === choice &&
                  (choice === 'note'
                    ? 'bg-white text-amber-900 shadow-sm'
                    : 'bg-white text-indigo-700 shadow-sm'),
              )}
            >
              {choice === 'note' ? <Lock aria-hidden="true" className="size-3.5" /> : null}
              {choice === 'reply' ? 'Reply' : 'Internal note'}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setInsertingArticle(true)}>
            <BookOpen aria-hidden="true" className="size-4" />
            Insert article
          </Button>
          <MacroMenu pending={macro.isPending} onApply={(chosen) => macro.mutate(chosen)} />
        </div>
      </div>
      {insertingArticle ? (
        <Suspense fallback={null}>
          <InsertArticleDialog
            open
            onClose={() => setInsertingArticle(false)}
            onInsert={(article) => {
              setInsertingArticle(false);
              edit((editor) => editor.insertLink(article.title, article.url));
            }}
          />
        </Suspense>
      ) : null}
      {macro.isError ? <ServerErrorAlert error={macro.error} title="The macro could not be applied" /> : null}
      <div>
        <span id={labelId} className="block text-sm font-medium text-slate-800">
          {note ? 'Internal note' : `Reply to ${ticket.customer.name}`}
        </span>
        <Suspense fallback={<EditorPlaceholder />}>
          <RichTextEditor
            ref={attachEditor}
            labelledBy={labelId}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            invalid={Boolean(error)}
            placeholder={note ? 'Only agents will see this' : 'Write your reply'}
            onChange={(changed) => {
              setValue(changed);
              if (error) setError(undefined);
              onTyping?.();
            }}
            onSubmitShortcut={submit}
            className={cn('mt-1.5', note && 'ring-amber-300')}
          />
        </Suspense>
        <p
          id={hintId}
          className={cn('mt-1.5 text-sm', note ? 'font-medium text-amber-900' : 'text-slate-600')}
        >
          {note
            ? 'Internal notes are for agents only: customers never see them. Ctrl+Enter adds the note.'
            : `Emailed to ${ticket.customer.email}; their answer comes back to this ticket. Ctrl+Enter sends.`}
        </p>
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <FileAttachments files={files} onChange={setFiles} upload={uploadAttachment} />
      {send.isError ? (
        <ServerErrorAlert
          error={send.error}
          title={note ? 'The note could not be added' : 'The reply could not be sent'}
        />
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-48">
          <label htmlFor={thenStatusId} className="block text-sm font-medium text-slate-800">
            Then set status
          </label>
          <Select
            id={thenStatusId}
            value={thenStatus}
            onChange={(event) => setThenStatus(event.target.value as TicketStatus | '')}
            className="mt-1.5"
          >
            <option value="">Keep {ticketStatusLabels[ticket.status]}</option>
            {ticketStatuses
              .filter((status) => status !== ticket.status)
              .map((status) => (
                <option key={status} value={status}>
                  {ticketStatusLabels[status]}
                </option>
              ))}
          </Select>
        </div>
        <Button type="submit" disabled={send.isPending} className="ml-auto">
          {send.isPending ? (
            <Spinner />
          ) : note ? (
            <Lock aria-hidden="true" className="size-4" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {note ? 'Add internal note' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

/** The editor's size and frame while its code loads. */
function EditorPlaceholder() {
  return (
    <div className="mt-1.5 flex h-[8.6rem] items-center justify-center gap-2 rounded-lg bg-white text-sm text-slate-600 shadow-sm ring-1 ring-slate-300 ring-inset">
      <Spinner />
      Loading the editor…
    </div>
  );
}

/** The workspace's macros, one click each (issue 21); managed in Settings -> Help desk. */
function MacroMenu({ pending, onApply }: { pending: boolean; onApply: (macro: Macro) => void }) {
  const macros = useQuery(macrosQueryOptions());
  const list = macros.data?.data ?? [];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        disabled={pending}
      >
        {pending ? <Spinner /> : <MessageSquareText aria-hidden="true" className="size-4" />}
        Macros
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="max-h-80 max-w-80 overflow-y-auto">
        {macros.isPending ? (
          <MenuItem disabled>Loading the macros…</MenuItem>
        ) : macros.isError ? (
          <MenuItem disabled>The macros could not be loaded</MenuItem>
        ) : list.length === 0 ? (
          <MenuItem disabled>No macros yet</MenuItem>
        ) : (
          list.map((entry) => (
            <MenuItem key={entry.id} onSelect={() => onApply(entry)}>
              {entry.name}
            </MenuItem>
          ))
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
