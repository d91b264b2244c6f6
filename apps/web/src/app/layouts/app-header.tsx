import type { Me } from '@atrium/shared';
import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { hasPermission, ProfileMenu, WorkspaceSwitcher } from '../../features/accounts';
import { AppSidebar } from './app-sidebar';
import { TrialBadge } from './trial-badge';

/** Spec section 2, "Layouts": the app header — logo to /, the workspace, the 'Profile' menu. */
export function AppHeader({ me }: { me: Me }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-6">
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Trigger
          className={buttonClasses({
            variant: 'ghost',
            size: 'sm',
            className: 'size-10 shrink-0 px-0 lg:hidden',
          })}
          aria-label="Open navigation"
        >
          <Menu aria-hidden="true" className="size-6" />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden">
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
            <AppSidebar me={me} onNavigate={closeDrawer} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <Link to="/" aria-label="Atrium home" className="shrink-0 rounded-md">
        <Logo />
      </Link>
      <span aria-hidden="true" className="hidden h-6 w-px bg-slate-200 sm:block" />
      <div className="min-w-0">
        <WorkspaceSwitcher me={me} />
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
        {me.workspace.trialEndsAt && hasPermission(me, 'settings:manage') ? (
          <TrialBadge trialEndsAt={me.workspace.trialEndsAt} />
        ) : null}
        <ProfileMenu me={me} />
      </div>
    </header>
  );
}
