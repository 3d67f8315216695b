// The live-events hub: the open status streams of signed-in pages and what they are told.
export { createLiveEvents, LIVE_EVENTS_TUNING, type LiveEvents, type LiveEventsTuning } from './live-events';
