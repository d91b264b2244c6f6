export { helpCentreRoutes } from './help-centre.routes';
