import type { TicketMessage } from '@atrium/shared';
import { Lock, MessageSquareReply, UserRound } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';

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
                <time dateTime={message.createdAt} className="text-xs text-slate-600 sm:ml-auto">
                  {formatDateTime(message.createdAt, timeZone)}
                </time>
              </header>
              {message.internal ? (
                <p className="mt-1 text-xs font-medium text-amber-900">
                  Only agents see this note; customers never see internal notes.
                </p>
              ) : null}
              <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                {message.body}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
