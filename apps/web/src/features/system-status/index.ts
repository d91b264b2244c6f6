export { SystemStatusPanel } from './components/system-status-panel';
