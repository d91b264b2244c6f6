import type { PortalMessage } from '@atrium/shared';
import { MessageSquareReply, Paperclip, UserRound } from 'lucide-react';
import { RichTextContent } from '../../../components/ui/rich-text';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';

/**
 * The public conversation of a ticket (issue 22): the customer's messages and the support team's
 * replies, oldest first. The server never sends internal notes here. Times are the reader's own:
 * customers do not read the workspace's settings.
 */
export function PortalConversation({
  messages,
  attachmentUrl,
}: {
  messages: readonly PortalMessage[];
  attachmentUrl: (fileId: string) => string;
}) {
  return (
    <ol aria-label="Conversation" className="space-y-4">
      {messages.map((message) => {
        const fromSupport = message.authorKind === 'agent';
        const Icon = fromSupport ? MessageSquareReply : UserRound;
        return (
          <li
            key={message.id}
            className={cn(
              'rounded-xl p-4 shadow-sm ring-1 sm:p-5',
              fromSupport ? 'bg-indigo-50/60 ring-indigo-200' : 'bg-white ring-slate-200',
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <Icon aria-hidden="true" className="size-4 text-slate-500" />
                {message.authorName}
                <span className="font-normal text-slate-600">{fromSupport ? 'Support' : 'You'}</span>
              </p>
              <time dateTime={message.createdAt} className="text-slate-600">
                {formatDateTime(message.createdAt)}
              </time>
            </div>
            <div className="mt-3">
              {message.html ? (
                <RichTextContent html={message.html} />
              ) : (
                <p className="text-sm leading-6 whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                  {message.body}
                </p>
              )}
            </div>
            {message.attachments.length > 0 ? (
              <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={attachmentUrl(file.id)}
                      download={file.name}
                      className="inline-flex max-w-full items-center gap-1.5 rounded-lg bg-white px-2.5 py-1.5 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <span className="truncate">{file.name}</span>
                      <span className="shrink-0 text-xs text-slate-600">
                        {formatFileSize(file.sizeBytes)}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
