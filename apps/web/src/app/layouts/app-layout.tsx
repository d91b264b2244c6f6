import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Dialog } from 'radix-ui';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { SkipLink } from '../../components/ui/skip-link';
import { AppSidebar } from './app-sidebar';

/** Spec section 2, "Layouts": a header plus a sidebar 64 units wide, for every non-public path. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Trigger
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-10 px-0 lg:hidden' })}
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
              <AppSidebar onNavigate={closeDrawer} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <Link to="/dashboard" aria-label="Atrium dashboard" className="rounded-md">
          <Logo />
        </Link>
      </header>
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <AppSidebar />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
