/**
 * The one script of landing.html, which arrives with the landing page already rendered (vite.config.ts):
 * the app's own scripts wait in an inert template and are added after the first paint, so their download
 * never holds the paint back; the app then hydrates the page. A button pressed or a photo picked before
 * the app has taken over is passed on to it then (links work without it).
 */
const APP_SCRIPTS_ID = 'app-scripts';

let pressed: HTMLElement | null = null;
let picked: HTMLInputElement | null = null;
let started = false;

function onEarlyClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  pressed = button;
  start();
}

function onEarlyChange(event: Event): void {
  if (!(event.target instanceof HTMLInputElement)) return;
  picked = event.target;
  start();
}

function handOver(): void {
  document.removeEventListener('click', onEarlyClick, true);
  document.removeEventListener('change', onEarlyChange, true);
  // React hydrates the part an event reaches at once and runs its handler.
  picked?.dispatchEvent(new Event('change', { bubbles: true }));
  pressed?.click();
}

function start(): void {
  if (started) return;
  started = true;
  const template = document.getElementById(APP_SCRIPTS_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const content = document.importNode(template.content, true);
  // A module script's load event follows its run: once every one has run, the app has called hydrateRoot
  // (the build may give the entry more than one script tag, and added scripts run in no fixed order).
  const scripts = [...content.querySelectorAll('script')];
  let running = scripts.length;
  for (const script of scripts) {
    script.addEventListener('load', () => {
      running -= 1;
      if (running === 0) handOver();
    });
  }
  document.head.append(content);
}

document.addEventListener('click', onEarlyClick, true);
document.addEventListener('change', onEarlyChange, true);
// Once the frame that paints the page is on screen (the next frame has begun). A background tab draws
// no frames: there it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => requestAnimationFrame(start));
else start();
document.addEventListener('visibilitychange', start, { once: true });
