export { eventsRoutes } from './events.routes';
export {
  createLiveEvents,
  LIVE_EVENTS_TUNING,
  type LiveEvents,
  type LiveEventsTuning,
} from './events.service';
