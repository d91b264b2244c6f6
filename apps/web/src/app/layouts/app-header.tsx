import type { Me } from '@atrium/shared';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { hasPermission, ProfileMenu, WorkspaceSwitcher } from '../../features/accounts';
import { NotificationBell } from '../../features/notifications';
import { TrialBadge } from './trial-badge';

// The drawer (Radix Dialog, its focus trap and scroll lock) loads when it is first opened, not with
// every page: it is a tenth of the app shell's JavaScript.
const loadDrawer = () => import('./navigation-drawer');
const NavigationDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.NavigationDrawer })));

/** Spec section 2, "Layouts": the app header — logo to /, the workspace, the 'Profile' menu. */
export function AppHeader({ me }: { me: Me }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-6">
      <button
        ref={drawerButton}
        type="button"
        className={buttonClasses({
          variant: 'ghost',
          size: 'sm',
          className: 'size-10 shrink-0 px-0 lg:hidden',
        })}
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onPointerEnter={() => void loadDrawer()}
        onClick={() => {
          setDrawerWanted(true);
          setDrawerOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavigationDrawer me={me} open={drawerOpen} onOpenChange={setDrawerOpen} trigger={drawerButton} />
        </Suspense>
      ) : null}
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
        <NotificationBell />
        <ProfileMenu me={me} />
      </div>
    </header>
  );
}
