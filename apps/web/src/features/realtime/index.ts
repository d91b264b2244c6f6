// What the app shell uses of realtime: one hook for the signed-in layout.
export { useRealtimeUpdates } from './hooks/use-realtime-updates';
// Who is doing what on a record right now, heard through that hook's stream (issue 21).
export { listenForPresence, type Presence } from './lib/presence';
