import { useNow } from '../hooks/use-now';
import { formatElapsed } from '../lib/zoned-time';

/**
 * How long a running entry has been open, ticking in the browser from the server's clock-in (the
 * clock-in itself is taken on the server clock, spec 4).
 */
export function ElapsedTime({ since, className }: { since: string; className?: string }) {
  const elapsedMs = Math.max(0, useNow() - Date.parse(since));
  return (
    <time dateTime={`PT${Math.floor(elapsedMs / 1000)}S`} className={className}>
      {formatElapsed(elapsedMs)}
    </time>
  );
}
