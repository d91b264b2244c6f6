import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Dropdown menu surfaces on Radix DropdownMenu: keyboard, focus and typeahead come from Radix. */
export function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={6}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export const menuItemClasses =
  'flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-slate-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={cn(menuItemClasses, className)} {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />;
}
