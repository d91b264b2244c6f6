import { useId, type ReactNode } from 'react';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/**
 * A label, one control and its inline error (ARCHITECTURE.md, "Conventions": every form shows its
 * field errors inline). The control gets the ids that tie the three together for screen readers.
 */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  // The error replaces the hint: both would say the same thing twice.
  const shownHint = error ? undefined : hint;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">
        {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      </div>
      {shownHint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
