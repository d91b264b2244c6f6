import type { Me } from '@atrium/shared';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import type { AppPage } from '../app-pages';
import { isWithinSection, sidebarFor } from './visible-nav';

const itemClasses = (active: boolean, inSection: boolean) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    active
      ? 'bg-indigo-50 text-indigo-700'
      : inSection
        ? 'text-slate-900 hover:bg-slate-100'
        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function SidebarItem({ page, onNavigate }: { page: AppPage; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const inSection = isWithinSection(pathname, page.path);
  const children = page.children ?? [];
  return (
    <li>
      <NavLink
        to={page.path}
        end
        onClick={onNavigate}
        className={({ isActive }) => itemClasses(isActive, inSection)}
      >
        <page.icon
          aria-hidden="true"
          className={cn('size-5 shrink-0', inSection ? 'text-indigo-600' : 'text-slate-500')}
        />
        {page.label}
      </NavLink>
      {inSection && children.length > 0 ? (
        <ul className="mt-1 mb-2 ml-5 space-y-1 border-l border-slate-200 pl-4">
          {children.map((child) => (
            <li key={child.path}>
              <NavLink
                to={child.path}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 text-sm',
                    isActive
                      ? 'bg-indigo-50 font-medium text-indigo-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Spec section 2, "Layouts": the sidebar, 64 units wide on large screens; a drawer on small ones. */
export function AppSidebar({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const { main, footer } = sidebarFor(me);
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-4">
      <nav aria-label="Primary" className="flex-1">
        <ul className="space-y-1">
          {main.map((page) => (
            <SidebarItem key={page.path} page={page} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
      <nav aria-label="Account" className="border-t border-slate-200 pt-4">
        <ul className="space-y-1">
          {footer.map((page) => (
            <SidebarItem key={page.path} page={page} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
    </div>
  );
}
