import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './offline/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
registerServiceWorker();
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A transition, so React builds (or hydrates) the first screen in short slices: no long task holds the
// main thread. A visitor's `/` arrives with the landing page rendered at build time: React takes it over.
startTransition(() => {
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
