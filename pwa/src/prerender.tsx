import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';

const AtLanding = ({ children }: { children: ReactNode }) => (
  <StaticRouter location="/">{children}</StaticRouter>
);

/**
 * The app at `/` for a visitor, as HTML: the build puts it into landing.html, which the server sends to
 * visitors so the page paints before its JavaScript runs; main.tsx then hydrates it.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <App router={AtLanding} />
    </StrictMode>,
  );
}
