import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { deliveredMailbox, registerMailbox } from '../../bff/src/testing/mailboxes';
import type { RunningServer } from './server';

/** What the e2e project's global set-up (`shared-app.global.ts`) started once for the whole run. */
export interface SharedApp {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  wsEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSharedApp: SharedApp | null;
  }
}

/**
 * Per-IP limits raised for the one server every default-set-up file shares: all their sign-ups, sign-ins and demo
 * stagings come from 127.0.0.1, which no real visitor does. Files that test a limit start their own server.
 */
export const SHARED_APP_ENV: Record<string, string> = {
  REGISTRATIONS_PER_IP: '100000',
  LOGIN_ATTEMPTS_PER_IP: '100000',
  SHARE_REQUESTS_PER_IP: '1000000',
  DEMO_LIMIT_PER_DAY: '100000',
  // Job timings ('job completed') land in test-results/e2e-shared-server.log.
  LOG_LEVEL: 'info',
};

/** The shared server as a file sees it: its address and mailbox; stopping or killing it is for its owner only. */
export function sharedServer(app: SharedApp): RunningServer {
  registerMailbox(app.url, deliveredMailbox({ dataDir: app.dataDir }));
  const refuse = () =>
    Promise.reject(new Error("the shared e2e server is not a file's to stop: pass env to start your own"));
  return {
    url: app.url,
    port: app.port,
    pid: app.pid,
    dataDir: app.dataDir,
    output: () => "(the shared e2e server logs to the run's output)",
    stop: refuse,
    kill: refuse,
  };
}

/** The run's shared app, or null when the file runs outside the e2e project (its own server then). */
export function injectedSharedApp(): SharedApp | null {
  try {
    return inject('e2eSharedApp') ?? null;
  } catch {
    return null;
  }
}

/** A connection of this file to the shared Chromium: closing it closes every context the file opened. */
export function connectSharedBrowser(app: SharedApp): Promise<Browser> {
  return chromium.connect(app.wsEndpoint);
}
