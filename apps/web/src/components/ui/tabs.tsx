import { Tabs as RadixTabs } from 'radix-ui';
import { useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Radix Tabs (arrow keys move between tabs) in the app's style. */
export const Tabs = RadixTabs.Root;

/**
 * On a phone the list scrolls sideways, and a scrolling box clips whatever its tabs draw outside
 * themselves: the baseline is the list's own inset shadow (under the tabs' underline, not a border
 * they must reach past), and the focus ring is drawn inside the tab. The open tab (say, from a
 * shared link) is kept in view.
 */
export function TabsList({ className, ...props }: Omit<ComponentProps<typeof RadixTabs.List>, 'ref'>) {
  const listRef = useRef<HTMLDivElement>(null);
  // After every render: the list renders again whenever the open tab changes.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (!list || !active) return;
    // Sideways only: scrollIntoView would also scroll the page to the tabs.
    const left = active.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left + active.offsetWidth - list.clientWidth;
    }
  });
  return (
    <RadixTabs.List
      ref={listRef}
      className={cn('flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-slate-200)]', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'inline-flex h-10 shrink-0 items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-slate-600',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
        'data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-6 focus-visible:outline-none', className)} {...props} />;
}
