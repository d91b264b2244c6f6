import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { isWithinSection, sidebarFooter, sidebarMain, type SidebarSection } from './sidebar-nav';

const itemClasses = (active: boolean) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function SidebarItem({ section, onNavigate }: { section: SidebarSection; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const expanded = section.children !== undefined && isWithinSection(pathname, section.to);
  return (
    <li>
      <NavLink to={section.to} end onClick={onNavigate} className={({ isActive }) => itemClasses(isActive)}>
        <section.icon aria-hidden="true" className="size-5 shrink-0" />
        {section.label}
      </NavLink>
      {expanded ? (
        <ul className="mt-1 ml-5 space-y-1 border-l border-slate-200 pl-4">
          {section.children?.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
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

/** Spec section 2, "Layouts": the sidebar, 64 units wide on large screens. */
export function AppSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-4">
      <nav aria-label="Primary" className="flex-1">
        <ul className="space-y-1">
          {sidebarMain.map((section) => (
            <SidebarItem key={section.to} section={section} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
      <nav aria-label="Account" className="border-t border-slate-200 pt-4">
        <ul className="space-y-1">
          {sidebarFooter.map((section) => (
            <SidebarItem key={section.to} section={section} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
    </div>
  );
}
