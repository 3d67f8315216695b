import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { isApiPath } from '@shared/api';
import {
  SHARED_PARAM,
  SHARE_TARGET_PATH,
  SHARE_UNAVAILABLE,
  ORIGINAL_PATH_PREFIX,
  propertySharePagePath,
  sharePagePath,
} from '@shared/domain';
import { SIGNED_IN_HINT_COOKIE } from './session';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Share pages (/s/{token}, /p/{token}) are for the buyers given the link, never for search engines. */
const SHARE_PAGE_PREFIXES = [sharePagePath(''), propertySharePagePath(''), ORIGINAL_PATH_PREFIX];
const isSharePage = (path: string) => SHARE_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));
const REVALIDATE = 'no-cache';
/** index.html with the landing page rendered into it at build time (see vite.config.ts). */
const LANDING_FILE = 'landing.html';

/**
 * Serves the built PWA: hashed files under /assets/ are cached for a year, everything else (index.html,
 * sw.js, manifest) is revalidated so a deploy is picked up at once. Unknown app paths get index.html and
 * the client router decides (including its 404 page). A visitor's `/` gets landing.html, which paints
 * before its JavaScript runs; with the signed-in hint it is index.html, so the landing never flashes.
 */
export function servePwa(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  const landingFile = path.join(distDir, LANDING_FILE);
  return async (ctx, next) => {
    // The service worker receives shared photos; without it (cleared, not yet installed) the app opens and
    // says so, instead of a 404 page. The photos are still in the user's gallery.
    if (ctx.method === 'POST' && ctx.path === SHARE_TARGET_PATH) {
      ctx.status = 303;
      ctx.redirect(`/app?${SHARED_PARAM}=${SHARE_UNAVAILABLE}`);
      return;
    }
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) {
      await next();
      return;
    }
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The app has not been built yet. Run `npm run build` (or `npm start`, which builds it).';
      return;
    }
    if (isSharePage(ctx.path)) ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // What `/` answers depends on the cookie, so no cache may hand one person's answer to another.
    const vary = ctx.path === '/' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
    const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      res.setHeader('Vary', vary);
    };
    if (ctx.path === '/' && !ctx.cookies.get(SIGNED_IN_HINT_COOKIE) && existsSync(landingFile)) {
      await send(ctx, LANDING_FILE, { root: distDir, setHeaders, brotli: true, gzip: true });
      return;
    }
    try {
      const served = await send(ctx, ctx.path, {
        root: distDir,
        index: 'index.html',
        setHeaders,
        // The build writes .br/.gz beside each text file; send picks one the browser accepts.
        brotli: true,
        gzip: true,
      });
      if (served) return;
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 404 && status !== 400) throw err;
    }
    // A missing hashed asset must stay a 404, or the browser would parse HTML as script.
    if (ctx.path.startsWith('/assets/') || path.extname(ctx.path) !== '') {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    await send(ctx, 'index.html', { root: distDir, setHeaders, brotli: true, gzip: true });
  };
}
