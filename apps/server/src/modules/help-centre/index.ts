export { helpCentreRoutes, robotsTxt } from './help-centre.routes';
