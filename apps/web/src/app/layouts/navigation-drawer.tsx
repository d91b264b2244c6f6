import type { Me } from '@atrium/shared';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { AppSidebar } from './app-sidebar';

/** Below the lg breakpoint the sidebar opens as a drawer from the header's navigation button. */
export function NavigationDrawer({
  me,
  open,
  onOpenChange,
  trigger,
}: {
  me: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's button: closing returns the focus there (it is not a Radix Dialog.Trigger). */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title asChild>
              <span>
                <Logo />
                <span className="sr-only"> navigation</span>
              </span>
            </Dialog.Title>
            <Dialog.Close
              className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-10 px-0' })}
              aria-label="Close navigation"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Go to any section of Atrium.</Dialog.Description>
          <AppSidebar me={me} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
