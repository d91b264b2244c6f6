import type { MailStatus, TicketMessage } from '@atrium/shared';
import { Lock, Mail, MessageSquareReply, Paperclip, UserRound } from 'lucide-react';
import { RichTextContent } from '../../../components/ui/rich-text';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';
import { attachmentUrl } from '../api/mail.queries';

type MessageLook = { label: string; card: string; badge: string; icon: typeof Lock };

const looks = {
  customer: {
    label: 'Customer',
    card: 'bg-white ring-slate-200',
    badge: 'bg-slate-100 text-slate-700',
    icon: UserRound,
  },
  reply: {
    label: 'Reply',
    card: 'bg-indigo-50/60 ring-indigo-200',
    badge: 'bg-indigo-100 text-indigo-800',
    icon: MessageSquareReply,
  },
  note: {
    label: 'Internal note',
    card: 'bg-amber-50 ring-amber-300 border-l-4 border-amber-400',
    badge: 'bg-amber-100 text-amber-900',
    icon: Lock,
  },
  system: {
    label: 'Atrium',
    card: 'bg-slate-50 ring-slate-200',
    badge: 'bg-slate-200 text-slate-700',
    icon: UserRound,
  },
} satisfies Record<string, MessageLook>;

const lookOf = (message: TicketMessage): MessageLook =>
  message.internal
    ? looks.note
    : message.authorKind === 'agent'
      ? looks.reply
      : message.authorKind === 'system'
        ? looks.system
        : looks.customer;

const deliveryWords: Record<MailStatus | 'outbox', string> = {
  outbox: 'In the outbox: no mail server is set up',
  queued: 'Emailed · sending',
  sent: 'Emailed',
  failed: 'Email could not be delivered',
};

/** How a message travelled: came in by email, or an agent's reply emailed (and whether it went out). */
function EmailNote({ email }: { email: NonNullable<TicketMessage['email']> }) {
  const words = email.direction === 'in' ? 'By email' : deliveryWords[email.delivery ?? 'queued'];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs',
        email.delivery === 'failed' ? 'font-semibold text-red-700' : 'text-slate-600',
      )}
    >
      <Mail aria-hidden="true" className="size-3.5" />
      {words}
    </span>
  );
}

function Attachments({ message }: { message: TicketMessage }) {
  return (
    <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
      {message.attachments.map((file) => (
        <li key={file.id}>
          <a
            href={attachmentUrl(message.ticketId, file.id)}
            download={file.name}
            className="inline-flex max-w-full items-center gap-1.5 rounded-lg bg-white px-2.5 py-1.5 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 text-xs text-slate-600">{formatFileSize(file.sizeBytes)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 21: the conversation in order — the customer's messages, the agents' replies and internal
 * notes, each told apart by words as well as colour (a note says customers never see it).
 */
export function TicketConversation({
  messages,
  timeZone,
}: {
  messages: readonly TicketMessage[];
  timeZone: string | undefined;
}) {
  if (messages.length === 0) {
    return (
      <p className="rounded-xl bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">No messages yet.</p>
    );
  }
  return (
    <ol aria-label="Conversation" className="space-y-3">
      {messages.map((message) => {
        const look = lookOf(message);
        return (
          <li key={message.id}>
            <article
              aria-label={`${look.label} from ${message.author.name}`}
              className={cn('rounded-xl p-4 shadow-sm ring-1', look.card)}
            >
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold text-slate-900">{message.author.name}</span>
                <span
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
                    look.badge,
                  )}
                >
                  <look.icon aria-hidden="true" className="size-3.5" />
                  {look.label}
                </span>
                {message.email ? <EmailNote email={message.email} /> : null}
                <time dateTime={message.createdAt} className="text-xs text-slate-600 sm:ml-auto">
                  {formatDateTime(message.createdAt, timeZone)}
                </time>
              </header>
              {message.internal ? (
                <p className="mt-1 text-xs font-medium text-amber-900">
                  Only agents see this note; customers never see internal notes.
                </p>
              ) : null}
              {/* An agent's formatting, as the server sanitised it; a customer's mail html is full of
                  quoted history and styling, so their text reads better. */}
              {message.html && message.authorKind === 'agent' ? (
                <RichTextContent html={message.html} className="mt-2" />
              ) : (
                <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                  {message.body}
                </p>
              )}
              {message.quotedText ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
                    Show quoted text
                  </summary>
                  <p className="mt-2 border-l-2 border-slate-300 pl-3 whitespace-pre-wrap text-slate-600 [overflow-wrap:anywhere]">
                    {message.quotedText}
                  </p>
                </details>
              ) : null}
              {message.attachments.length > 0 ? <Attachments message={message} /> : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
