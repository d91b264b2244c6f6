// What the app shell and other features may use of accounts: the session, not the pages.
export { fetchMe, meQueryKey, meQueryOptions } from './api/session.queries';
export { MeProvider, hasPermission, useMe } from './hooks/me-context';
export { useSessionWatch } from './hooks/use-session-watch';
export { ProfileMenu, WorkspaceSwitcher } from './components/account-menus';
export { enterApp, signedInDestination, signInPathFor } from './lib/redirect-target';
// The frame of the account pages, for the help centre's sign-up and rating pages (issue 22).
export { AuthCard } from './components/auth-card';
