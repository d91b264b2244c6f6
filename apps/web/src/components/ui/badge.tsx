import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'brand' | 'success' | 'danger' | 'warning';

const toneClasses: Record<BadgeTone, string> = {
  brand: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  danger: 'bg-red-50 text-red-800 ring-red-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
};

export function Badge({ tone, className, ...props }: ComponentProps<'span'> & { tone: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}
