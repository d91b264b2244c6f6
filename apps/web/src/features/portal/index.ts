// What the app shell may use of the customer portal: its screens (loaded lazily from the page table).
export { PortalArticlePage } from './pages/portal-article-page';
export { PortalHomePage } from './pages/portal-home-page';
export { PortalNewTicketPage } from './pages/portal-new-ticket-page';
export { PortalTicketPage } from './pages/portal-ticket-page';
// Customer accounts and satisfaction (issue 22): the agents' side, used by the help desk's screens.
export { CustomerInviteDialog } from './components/customer-invite-dialog';
export { CustomerListDialog } from './components/customer-list-dialog';
export { DeflectionPanel } from './components/deflection-panel';
export { RatingCsatPanel } from './components/rating-csat-panel';
export { RatingSummary } from './components/rating-summary';
