import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Radix Tabs (arrow keys move between tabs) in the app's style. */
export const Tabs = RadixTabs.Root;

/**
 * On a phone the list scrolls sideways, and a scrolling box clips whatever its tabs draw outside
 * themselves: the baseline is the list's own inset shadow (under the tabs' underline, not a border
 * they must reach past), and the focus ring is drawn inside the tab.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
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
