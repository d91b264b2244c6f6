import { AccountShell, isAccountPage, leaveIfSignedIn } from './app/account-shell';
import { hydratePrerendered } from './app/hydrate-prerendered';
import './index.css';

const container = document.getElementById('root');
const page = container?.dataset.page;
if (!container || !isAccountPage(page)) throw new Error('the page has no #root with a known data-page');

void leaveIfSignedIn();
hydratePrerendered(container, <AccountShell page={page} />);
