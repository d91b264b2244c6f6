import { Outlet } from 'react-router';
import { PublicHeader } from './public-header';
import { PublicShell } from './public-shell';

export function PublicLayout() {
  return (
    <PublicShell header={<PublicHeader />}>
      <Outlet />
    </PublicShell>
  );
}
