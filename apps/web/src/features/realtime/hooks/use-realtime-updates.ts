import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { affectedQueries } from '../lib/affected-queries';
import { connectChangeStream } from '../lib/change-stream';
import { passOnPresence } from '../lib/presence';
import { createRefreshBatch } from '../lib/refresh-batch';
import { refreshQueries } from '../lib/refresh-queries';

/**
 * Keeps what the page shows current while others change it (issue "Projects", Realtime: seen
 * within 2 seconds, without reloading). Follows the workspace's change stream and marks the
 * affected queries stale; those on screen refetch. Use once, in the signed-in layout; a new
 * `workspaceId` (the workspace switcher) opens the new workspace's stream.
 */
export function useRealtimeUpdates(workspaceId: string | undefined) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!workspaceId) return;
    const batch = createRefreshBatch({
      quietMs: 150,
      maxWaitMs: 1_000,
      // A background tab refetches nothing; it catches up when it is shown again.
      isPaused: () => document.visibilityState === 'hidden',
      refresh(affected) {
        if (!refreshQueries(queryClient, affected)) batch.add(affected);
      },
    });
    const stream = connectChangeStream({
      url: '/api/v1/events',
      onChange: (change) => batch.add(affectedQueries(change.entityType)),
      onResync: () => batch.add('everything'),
      onPresence: passOnPresence,
    });
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') batch.resume();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      stream.close();
      batch.dispose();
    };
  }, [workspaceId, queryClient]);
}
