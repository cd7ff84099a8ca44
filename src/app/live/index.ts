export { LiveProvider } from './live-provider';
export { LiveIndicator } from './live-indicator';
export { POLL_INTERVAL_MS, useLiveMode, useLiveRefetchInterval, useLiveStatus, type LiveMode } from './live-context';
