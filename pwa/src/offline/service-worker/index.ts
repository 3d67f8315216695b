/** The app's service worker, from the page: registering it and offering a waiting new version. */
export { onUpdateAvailable, registerServiceWorker } from './register';
