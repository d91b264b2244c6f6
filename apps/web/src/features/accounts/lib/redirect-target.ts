/**
 * The page to return to after signing in, from `?redirectTo=`. Only a path on this site is accepted:
 * anything else would make the sign-in page an open redirect.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const { pathname } = new URL(value, 'http://atrium.invalid');
  if (pathname === '/login' || pathname === '/signup') return null;
  return value;
}

/** The sign-in page that brings the person back to `path` afterwards (issue 3). */
export function signInPathFor(path: string): string {
  const target = safeRedirectTarget(path);
  return target ? `/login?${new URLSearchParams({ redirectTo: target }).toString()}` : '/login';
}
