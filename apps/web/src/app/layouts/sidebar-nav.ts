import {
  Calendar,
  ChartColumn,
  CircleHelp,
  Clock,
  FileText,
  FolderKanban,
  LayoutDashboard,
  LifeBuoy,
  Megaphone,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

export type SidebarLink = { label: string; to: string };
export type SidebarSection = SidebarLink & { icon: LucideIcon; children?: readonly SidebarLink[] };

/** Spec section 2, "Layouts": the sidebar's main items and their children. */
export const sidebarMain: readonly SidebarSection[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  {
    label: 'Team Management',
    to: '/team',
    icon: Users,
    children: [
      { label: 'Employee Directory', to: '/team/directory' },
      { label: 'Scheduling', to: '/team/scheduling' },
      { label: 'Time Tracking', to: '/team/time-tracking' },
      { label: 'Performance', to: '/team/performance' },
    ],
  },
  {
    label: 'Project Management',
    to: '/projects',
    icon: FolderKanban,
    children: [
      { label: 'Active Projects', to: '/projects/active' },
      { label: 'Tasks & Workflows', to: '/projects/tasks' },
      { label: 'Kanban Board', to: '/projects/kanban' },
      { label: 'Reports', to: '/projects/reports' },
    ],
  },
  {
    label: 'Help Desk',
    to: '/helpdesk',
    icon: LifeBuoy,
    children: [
      { label: 'Tickets', to: '/helpdesk/tickets' },
      { label: 'Knowledge Base', to: '/helpdesk/kb' },
      { label: 'Customer Portal', to: '/helpdesk/portal' },
      { label: 'SLA Management', to: '/helpdesk/sla' },
    ],
  },
  {
    label: 'Marketing Automation',
    to: '/marketing',
    icon: Megaphone,
    children: [
      { label: 'Campaigns', to: '/marketing/campaigns' },
      { label: 'Email Sequences', to: '/marketing/email' },
      { label: 'Lead Management', to: '/marketing/leads' },
      { label: 'Analytics', to: '/marketing/analytics' },
    ],
  },
  { label: 'Analytics', to: '/analytics', icon: ChartColumn },
  { label: 'Calendar', to: '/calendar', icon: Calendar },
  { label: 'Time Clock', to: '/timeclock', icon: Clock },
  { label: 'Documents', to: '/documents', icon: FileText },
];

/** Spec section 2: the sidebar footer. */
export const sidebarFooter: readonly SidebarSection[] = [
  { label: 'Settings', to: '/settings', icon: Settings },
  { label: 'Help & Support', to: '/support', icon: CircleHelp },
];

/** Children show only while the current path is the section or one of its children. */
export function isWithinSection(pathname: string, sectionPath: string): boolean {
  return pathname === sectionPath || pathname.startsWith(`${sectionPath}/`);
}
