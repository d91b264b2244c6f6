// What the app shell uses of realtime: one hook for the signed-in layout.
export { useRealtimeUpdates } from './hooks/use-realtime-updates';
// Who is doing what on a record right now, heard through that hook's stream (issue 21).
export { listenForPresence, type Presence } from './lib/presence';
// Delete mutations carry this key, so the change they cause does not refetch what they delete.
export { deletionKey } from './lib/refresh-queries';
