import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AccountShell, isAccountPage, leaveIfSignedIn } from './app/account-shell';
import './index.css';

const container = document.getElementById('root');
const page = container?.dataset.page;
if (!container || !isAccountPage(page)) throw new Error('the page has no #root with a known data-page');

void leaveIfSignedIn();
// The build prerenders the page into login.html and signup.html (vite.config.ts): React adopts it,
// in a transition, so that hydrating yields to the browser every few milliseconds instead of
// blocking it in one long task (the page is already painted and readable meanwhile).
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <AccountShell page={page} />
    </StrictMode>,
  );
});
