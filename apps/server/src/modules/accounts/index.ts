export { createAccountsService, type AccountsService } from './accounts.service';
export { meRoutes, publicAccountRoutes } from './accounts.routes';
export { accountsApi } from './accounts.api';
