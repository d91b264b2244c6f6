import { initialsOf } from '../../lib/initials';
import { cn } from '../../lib/cn';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const;

/** A person's initials in a circle; the name beside it carries the meaning, so it is hidden from readers. */
export function Avatar({
  name,
  size = 'md',
  className,
}: {
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-grid shrink-0 place-items-center rounded-full bg-indigo-100 font-semibold text-indigo-800',
        sizes[size],
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
