// What the app shell may use of the help desk: its screens (loaded lazily from the page table).
export { TicketPage } from './pages/ticket-page';
export { TicketQueuePage } from './pages/ticket-queue-page';
// Settings -> Help desk (the settings page loads it when the tab opens).
export { HelpdeskSettingsPanel } from './components/helpdesk-settings-panel';
export { MacrosPanel } from './components/macros-panel';
export { TeamsPanel } from './components/teams-panel';
