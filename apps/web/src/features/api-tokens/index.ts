export { ApiTokensPanel } from './components/api-tokens-panel';
