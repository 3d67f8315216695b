import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';

const AtLanding = ({ children }: { children: ReactNode }) => (
  <StaticRouter location="/">{children}</StaticRouter>
);

/**
 * The app at `/` for a visitor, as HTML: the build puts it into landing.html, which the server sends to
 * visitors so the page paints before its JavaScript runs; main.tsx then hydrates it. Parts the landing
 * loads lazily are waited for, so the page is whole.
 */
export async function renderLanding(): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <App router={AtLanding} />
    </StrictMode>,
    // Every part inline, in order: React would otherwise move a large one to the end with a script to
    // put it in place (the CSP allows no inline script).
    { progressiveChunkSize: Infinity },
  );
  return new Response(prelude).text();
}
