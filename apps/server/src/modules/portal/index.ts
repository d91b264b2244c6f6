export { createPortalService, type PortalService } from './portal.service';
export { portalPreviewRoutes, portalRoutes, portalUploadPath } from './portal.routes';
export { portalApi } from './portal.api';
export { createCustomerAccountsService, type CustomerAccountsService } from './customer-accounts.service';
export { customerAccountsRoutes, customerSignUpRoutes } from './customer-accounts.routes';
export { customerAccountsApi } from './customer-accounts.api';
export { createTicketRatingsService, type TicketRatingsService } from './ticket-ratings.service';
export { portalRatingRoutes, publicRatingRoutes } from './ticket-ratings.routes';
export { ticketRatingsApi } from './ticket-ratings.api';
