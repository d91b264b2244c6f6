// What the app shell uses of realtime: one hook for the signed-in layout.
export { useRealtimeUpdates } from './hooks/use-realtime-updates';
// Who is doing what on a record right now, heard through that hook's stream (issue 21).
export { listenForPresence, type Presence } from './lib/presence';
// Delete mutations carry this key, so that neither the change they cause nor their own page asks
// again for what they delete.
export { deletionKey, notDeletedHere } from './lib/refresh-queries';
export { useDeletedHere } from './hooks/use-deleted-here';
