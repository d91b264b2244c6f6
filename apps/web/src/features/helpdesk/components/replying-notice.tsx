import { PenLine } from 'lucide-react';
import { replyingText, type Replier } from '../lib/replying';

/**
 * "Ana Lopez is replying…" above the composer (issue 21). The line is kept when nobody replies, so
 * the composer does not jump, and a screen reader hears the notice come without losing its place.
 */
export function ReplyingNotice({ repliers }: { repliers: readonly Replier[] }) {
  const text = replyingText(repliers);
  return (
    <p aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-sm text-slate-600">
      {text ? (
        <>
          <PenLine aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
          <span className="[overflow-wrap:anywhere]">{text}</span>
        </>
      ) : null}
    </p>
  );
}
