import { homePathFor, type Action, type Me } from '@atrium/shared';
import { allPages, footerPages, mainPages, mayOpenPage, type AppPage } from '../app-pages';

/**
 * The pages a role may open. A section the role cannot open gives up the children it can, as pages
 * of their own: a Contractor tracks their time without seeing the Team section (issue 20).
 */
function allowedPages(pages: readonly AppPage[], can: (action: Action) => boolean): AppPage[] {
  const allowed = (page: AppPage) => mayOpenPage(page, can);
  return pages.flatMap((page) => {
    const children = (page.children ?? []).filter(allowed);
    if (!allowed(page)) return children.map((child) => ({ ...child, children: undefined }));
    return page.children ? [{ ...page, children }] : [page];
  });
}

const contains = (page: AppPage, path: string): boolean =>
  page.path === path || (page.children ?? []).some((child) => contains(child, path));

/**
 * The sidebar a person sees: what their role cannot open is hidden (issue 3), a section with its
 * children. It always starts with their home page — for a Customer that is the Customer Portal, which
 * sits in the Help Desk section they cannot open.
 */
export function sidebarFor(me: Pick<Me, 'permissions' | 'workspace'>): {
  main: AppPage[];
  footer: AppPage[];
} {
  const can = (action: Action) => me.permissions.includes(action);
  const main = allowedPages(mainPages, can);
  const home = homePathFor(me.workspace.role);
  const homePage = allPages.find((page) => page.path === home);
  if (homePage && !main.some((page) => contains(page, home))) {
    main.unshift({ ...homePage, children: undefined });
  }
  return { main, footer: allowedPages(footerPages, can) };
}

/** Spec section 2: children show only while the current path is the section or one of its children. */
export function isWithinSection(pathname: string, sectionPath: string): boolean {
  return pathname === sectionPath || pathname.startsWith(`${sectionPath}/`);
}
