import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than browsers and load balancers keep theirs
 * (about 60 s). With Node's 5 s a client could send on a socket the server was closing at that moment, and
 * the request failed with ECONNRESET: a photo upload then waited in the offline queue for no reason.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the headers timeout above the keep-alive one, or a reused socket can still be cut.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
}
