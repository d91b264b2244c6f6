import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AlertTone = 'error' | 'info';

const toneClasses: Record<AlertTone, string> = {
  error: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
};

/** A message about the whole form or screen; errors are announced at once (role="alert"). */
export function Alert({
  tone = 'error',
  title,
  children,
  className,
}: {
  tone?: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? CircleAlert : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg p-4 text-sm ring-1', toneClasses[tone], className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1">{children}</div> : null}
      </div>
    </div>
  );
}
