// What the app shell uses of realtime: one hook for the signed-in layout.
export { useRealtimeUpdates } from './hooks/use-realtime-updates';
