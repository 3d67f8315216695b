import type { Config } from './config';

/** The part of the configuration every absolute link depends on. */
export type LinkConfig = Pick<Config, 'appOrigin'>;

/**
 * The origin of every absolute URL the server writes (mails, reset and share links, QR codes, Stripe return
 * URLs): PUBLIC_URL, else this machine. Never the request's Host or X-Forwarded-Host, which a caller chooses.
 */
export const appOrigin = (config: LinkConfig): string => config.appOrigin;

/** An absolute link to `path` (starting with '/') on the app's public origin. */
export function publicUrl(config: LinkConfig, path: string): string {
  return `${config.appOrigin}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Said at start-up and in /api/health when PUBLIC_URL is not set. */
export const localLinksNote = (origin: string): string =>
  `PUBLIC_URL is not set, so links in mail, share links and QR codes point at ${origin} and work only on this machine. Set PUBLIC_URL to the address users open.`;
