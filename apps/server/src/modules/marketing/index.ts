import { Hono } from 'hono';
import type { MemberEnv } from '../../platform/auth/member-context';
import type { AppEnv } from '../../platform/http/app-env';
import { createBounces } from './bounces';
import { createCampaignImagesService } from './campaign-images.service';
import { campaignImageFileRoutes, campaignImagesRoutes } from './campaign-images.routes';
import { createCampaignReportsService } from './campaign-reports.service';
import { campaignReportsRoutes } from './campaign-reports.routes';
import { createCampaignsService } from './campaigns.service';
import { campaignsRoutes } from './campaigns.routes';
import type { MarketingDeps } from './marketing-deps';
import { createLeadsService } from './leads.service';
import { leadsRoutes } from './leads.routes';
import { createMarketingSettingsService } from './marketing-settings.service';
import { marketingSettingsRoutes } from './marketing-settings.routes';
import { createSegmentsService } from './segments.service';
import { segmentsRoutes } from './segments.routes';
import { createSendingService } from './sending.service';
import { sendingRoutes } from './sending.routes';
import { createSuppressionsService } from './suppressions.service';
import { suppressionsRoutes } from './suppressions.routes';
import { createTrackingService } from './tracking.service';
import { trackingRoutes } from './tracking.routes';
import { createUnsubscribeService } from './unsubscribe.service';
import { unsubscribeRoutes } from './unsubscribe.routes';

export { campaignImageUploadPath } from './campaign-images.routes';
export { campaignReportsApi } from './campaign-reports.api';
export { campaignsApi } from './campaigns.api';
export { campaignsReadRules } from './campaigns.service';
export { createCampaignTokens } from './campaign-tokens';
export { leadsApi } from './leads.api';
export { leadsReadRules } from './leads.service';
export { marketingSettingsApi } from './marketing-settings.api';
export { segmentsApi } from './segments.api';
export { sendingApi } from './sending.api';
export { suppressionsApi } from './suppressions.api';
export type { Bounces } from './bounces';
export type { MarketingDeps } from './marketing-deps';

/** Marketing (issue 23): segments, campaigns, their sending, results, and mail's public links. */
export function createMarketingServices(deps: MarketingDeps) {
  return {
    segments: createSegmentsService(deps),
    leads: createLeadsService(deps),
    campaigns: createCampaignsService(deps),
    images: createCampaignImagesService(deps),
    settings: createMarketingSettingsService(deps),
    sending: createSendingService(deps),
    suppressions: createSuppressionsService(deps),
    reports: createCampaignReportsService(deps),
    tracking: createTrackingService(deps),
    unsubscribe: createUnsubscribeService(deps),
    bounces: createBounces(deps),
  };
}

export type MarketingServices = ReturnType<typeof createMarketingServices>;

/** Under /api/v1/marketing. */
export function marketingRoutes(services: MarketingServices) {
  return new Hono<MemberEnv>()
    .route('/', segmentsRoutes(services.segments))
    .route('/', leadsRoutes(services.leads))
    .route('/', campaignsRoutes(services.campaigns))
    .route('/', campaignImagesRoutes(services.images))
    .route('/', marketingSettingsRoutes(services.settings))
    .route('/', sendingRoutes(services.sending))
    .route('/', suppressionsRoutes(services.suppressions))
    .route('/', campaignReportsRoutes(services.reports));
}

/** Under /m on the app's root: the pixel, the links, the images and the unsubscribe page (no sign-in). */
export function campaignMailRoutes(services: MarketingServices) {
  return new Hono<AppEnv>()
    .route('/', campaignImageFileRoutes(services.images))
    .route('/', trackingRoutes(services.tracking))
    .route('/', unsubscribeRoutes(services.unsubscribe));
}
