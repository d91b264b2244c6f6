import { homePathFor, type Role } from '@atrium/shared';

const ownOrigin = 'http://atrium.invalid';

/**
 * The page to return to after signing in, from `?redirectTo=`. Only a place on this site is accepted:
 * anything else would make the sign-in page an open redirect (issue 17). Browsers drop tabs and line
 * breaks from URLs (`/\t/evil.example` is `//evil.example` to them), so they go before the URL is
 * parsed, and the parsed URL must keep our origin.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  const cleaned = value?.replace(/[\t\n\r]/g, '');
  if (!cleaned?.startsWith('/')) return null;
  const url = new URL(cleaned, ownOrigin);
  if (url.origin !== ownOrigin || url.pathname === '/login' || url.pathname === '/signup') return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page that brings the person back to `path` afterwards (issue 3). */
export function signInPathFor(path: string): string {
  const target = safeRedirectTarget(path);
  return target ? `/login?${new URLSearchParams({ redirectTo: target }).toString()}` : '/login';
}

/** Where the sign-in pages send a signed-in person: back to the page asked for (`?redirectTo=`), or home. */
export function signedInDestination(role: Role, search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('redirectTo')) ?? homePathFor(role);
}

/**
 * Opens the app after signing in or up with a full page load, replacing the sign-in page in the
 * history: the app then starts with nothing an earlier session left behind, and the sign-in pages,
 * which are their own prerendered entry without the app's router (ADR 011), need no client-side
 * navigation into it.
 */
export function enterApp(path: string): void {
  window.location.replace(path);
}
