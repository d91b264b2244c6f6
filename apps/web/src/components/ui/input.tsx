import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function controlClasses(className?: string) {
  return cn(
    'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset',
    'placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none',
    'read-only:bg-slate-50 aria-invalid:ring-red-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
    className,
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={controlClasses(cn('h-10', className))} {...props} />;
}

/** A native select: the platform's own picker is the most usable one on phones and with screen readers. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={controlClasses(cn('h-10 pr-8', className))} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={controlClasses(cn('min-h-24', className))} {...props} />;
}
