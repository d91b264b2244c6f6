import { useMatches } from 'react-router';
import type { AppPage } from './app-pages';

export type AppPageHandle = { page: AppPage };

/** The page-table entry of the screen being shown (from the route's handle). */
export function useCurrentPage(): AppPage | undefined {
  const handle = useMatches().at(-1)?.handle as AppPageHandle | undefined;
  return handle?.page;
}
