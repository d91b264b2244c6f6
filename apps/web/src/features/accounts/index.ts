// What the app shell and other features may use of accounts: the session, not the pages.
export { meQueryKey, meQueryOptions } from './api/session.queries';
export { MeProvider, hasPermission, useMe } from './hooks/me-context';
export { useSessionWatch } from './hooks/use-session-watch';
export { ProfileMenu } from './components/profile-menu';
export { WorkspaceSwitcher } from './components/workspace-switcher';
export { safeRedirectTarget, signInPathFor } from './lib/redirect-target';
