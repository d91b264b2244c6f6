// What the app shell and Settings use of notifications: the header bell and the preferences tab.
export { NotificationBell } from './components/notification-bell';
export { NotificationPreferencesPanel } from './components/notification-preferences-panel';
