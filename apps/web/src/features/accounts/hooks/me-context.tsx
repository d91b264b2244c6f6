import type { Action, Me } from '@atrium/shared';
import { createContext, useContext, type ReactNode } from 'react';

const MeContext = createContext<Me | null>(null);

/** The app shell provides the signed-in person to every screen inside it. */
export function MeProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <MeContext value={me}>{children}</MeContext>;
}

/** The signed-in person, their workspace and permissions; only inside the app shell. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe must be used within the app shell');
  return me;
}

/** The UI mirror of the server's permission matrix (issue 3): hide what the role cannot do. */
export function hasPermission(me: Me, action: Action): boolean {
  return me.permissions.includes(action);
}
