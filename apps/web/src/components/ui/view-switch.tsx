import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export type ViewChoice<View extends string> = { id: View; label: string; icon: LucideIcon };

/** Icon buttons that switch a list's layout (grid, table, list); the pressed one is the current view. */
export function ViewSwitch<View extends string>({
  choices,
  view,
  onViewChange,
}: {
  choices: readonly ViewChoice<View>[];
  view: View;
  onViewChange: (view: View) => void;
}) {
  return (
    <div role="group" aria-label="Layout" className="inline-flex h-9 rounded-lg bg-slate-200/70 p-1">
      {choices.map(({ id, label, icon: Icon }) => (
        <button
          key={id}
          type="button"
          aria-pressed={view === id}
          aria-label={label}
          title={label}
          onClick={() => onViewChange(id)}
          className={cn(
            'grid place-items-center rounded-md px-2.5 text-slate-600 hover:text-slate-900',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            view === id && 'bg-white text-indigo-700 shadow-sm',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
