/** Sends the browser to a page outside the app (Stripe's portal, a sign-in provider): one place, easy to watch. */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
