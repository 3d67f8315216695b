/** The app's service worker, from the page: registering it and offering a waiting new version. */
export { onUpdateAvailable, registerServiceWorker } from './register';
/** This device's Web Push subscription: turned on and off in Settings, dropped at sign-out. */
export {
  devicePushState,
  disableDevicePush,
  enableDevicePush,
  forgetDevicePush,
  PushTimeoutError,
  type DevicePushState,
} from './device-push';
