export {
  createPushNotifier,
  PUSH_NOTIFIER_TUNING,
  type PushNotifier,
  type PushNotifierTuning,
} from './push-notifier';
export { createPushSender, type PushOptions, type PushOutcome, type PushSender } from './push-sender';
export { loadVapidKeys, VAPID_FILE, type VapidKeys } from './vapid-keys';
export { isInternalAddress, publicOnlyLookup, PUSH_SERVICE_REFUSED, PushEndpoints } from './push-endpoints';
export { OutboundTargets } from './outbound-targets';
