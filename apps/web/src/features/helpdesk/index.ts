// What the app shell may use of the help desk: its screens (loaded lazily from the page table).
export { TicketPage } from './pages/ticket-page';
export { TicketQueuePage } from './pages/ticket-queue-page';
