export { MembersPanel } from './components/members-panel';
