import { cn } from '../../lib/cn';

/** The Atrium mark and word; decorative mark, the word carries the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path
          d="M9 23 16 8l7 15M11.8 17.5h8.4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Atrium
    </span>
  );
}
