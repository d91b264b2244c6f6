// What the app shell may use of marketing: its screens (loaded lazily from the page table).
export { CampaignEditorPage } from './pages/campaign-editor-page';
export { CampaignListPage } from './pages/campaign-list-page';
export { CampaignPage } from './pages/campaign-page';
export { LeadPage } from './pages/lead-page';
export { MarketingOverviewPage } from './pages/marketing-overview-page';
export { SegmentsPage } from './pages/segments-page';
export { SuppressionsPage } from './pages/suppressions-page';
export { MarketingSettingsPanel } from './components/marketing-settings-panel';
