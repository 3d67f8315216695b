/** Who is signed in on this device: what a sign-in claims and a sign-out leaves behind. */
export { claimDevice } from './claim-device';
export { onSignedIn, onSignedOut } from './device-session';
