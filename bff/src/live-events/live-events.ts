import { PROJECT_EVENT, type ProjectEvent } from '@shared/api';
import { isFinished, type ProjectStatus } from '@shared/domain';
import type { Logger } from '../config';
import { tooManyRequests } from '../http/errors';
import type {
  ProjectChange,
  ProjectChangeSink,
  ProjectFinished,
  ProjectFinishedSink,
} from '../project-changes';
import type { Repositories } from '../store';
import { EventStream } from './event-stream';

export interface LiveEventsTuning {
  /** How often the store is asked for changes while someone listens (a worker in another process). */
  pollMs: number;
  heartbeatMs: number;
  /** How often every open stream's session is looked up again (a sign-out or reset in another process). */
  sessionCheckMs: number;
  /** The browser's wait before reconnecting, sent as `retry:`. */
  retryMs: number;
  /** Each poll looks this far behind the last one: writes stamped a little earlier, clocks of other hosts. */
  overlapMs: number;
  /** Open streams per account (tabs, devices); one more is refused and that page keeps polling. */
  maxStreamsPerUser: number;
}

export const LIVE_EVENTS_TUNING: LiveEventsTuning = {
  pollMs: 250,
  heartbeatMs: 25_000,
  sessionCheckMs: 5000,
  retryMs: 3000,
  overlapMs: 5000,
  maxStreamsPerUser: 4,
};

export const TOO_MANY_STREAMS =
  'Too many open windows are following your projects; this one checks for changes every few seconds instead.';

interface Listener {
  streams: Set<EventStream>;
  /**
   * The last status told (or seen) per project, and its draft's time (0: none); null until a first poll has
   * read this owner's projects.
   */
  known: Map<string, { status: ProjectStatus; at: number; draftAt: number }> | null;
}

type Changed = Awaited<ReturnType<Repositories['projects']['changedSince']>>[number];

/**
 * Tells each signed-in page when one of its user's projects changes status. The in-process worker says
 * so at once (`projectChanged`); a worker in another process is found by one store query per tick for
 * every connected user, which runs only while someone is connected. Both paths end in the same poll, so
 * a change is told once, whoever noticed it first.
 */
export function createLiveEvents(
  deps: { repos: Repositories; logger: Logger },
  overrides: Partial<LiveEventsTuning> = {},
) {
  const { repos, logger } = deps;
  const tuning = { ...LIVE_EVENTS_TUNING, ...overrides };
  const listeners = new Map<string, Listener>();
  let timers: { poll: NodeJS.Timeout; heartbeat: NodeJS.Timeout; sessions: NodeJS.Timeout } | null = null;
  let lastPollAt: number | null = null;
  let polling = false;
  let pollAgain = false;

  function start() {
    if (timers) return;
    timers = {
      poll: setInterval(() => void poll(), tuning.pollMs),
      heartbeat: setInterval(() => {
        for (const l of listeners.values()) for (const s of l.streams) s.comment('heartbeat');
      }, tuning.heartbeatMs),
      sessions: setInterval(() => void recheckSessions(), tuning.sessionCheckMs),
    };
  }

  function stopIfIdle() {
    if (listeners.size > 0 || !timers) return;
    clearInterval(timers.poll);
    clearInterval(timers.heartbeat);
    clearInterval(timers.sessions);
    timers = null;
    lastPollAt = null;
  }

  function remove(stream: EventStream) {
    const listener = listeners.get(stream.ownerId);
    if (!listener?.streams.delete(stream)) return;
    if (listener.streams.size === 0) listeners.delete(stream.ownerId);
    stopIfIdle();
  }

  const eventOf = (p: Changed, status: ProjectStatus, at: Date): ProjectEvent => ({
    projectId: p._id,
    status,
    name: p.name ?? '',
    propertyId: p.propertyId ?? null,
    changedAt: at.toISOString(),
    draft: Boolean(p.draft?.at),
  });
  const draftTime = (p: Changed) => (p.draft?.at instanceof Date ? p.draft.at.getTime() : 0);

  /** Whether the stream's session still signs in its owner; a store that does not answer ends nothing. */
  async function sessionHolds(stream: EventStream): Promise<boolean> {
    if (!stream.sessionId) return false;
    try {
      const data = await repos.sessions.get(stream.sessionId);
      return data?.userId === stream.ownerId;
    } catch (err) {
      logger.warn({ err }, 'live events: could not check a session');
      return true;
    }
  }

  /** Ends the streams (of one owner, or all) whose session was signed out or revoked; the rest stay. */
  async function recheckSessions(ownerId?: string): Promise<EventStream[]> {
    const streams = ownerId
      ? [...(listeners.get(ownerId)?.streams ?? [])]
      : [...listeners.values()].flatMap((l) => [...l.streams]);
    const holds = await Promise.all(streams.map(sessionHolds));
    streams.forEach((stream, i) => {
      if (!holds[i]) stream.close();
    });
    return streams.filter((stream, i) => holds[i] && stream.isOpen);
  }

  /** Tells each listener of status changes; the first poll of an owner only learns where things stand. */
  async function deliver(polled: Set<string>, rows: Changed[], since: number) {
    const told = new Map<string, ProjectEvent[]>();
    const seeding = new Set([...polled].filter((id) => listeners.get(id)?.known === null));
    for (const id of seeding) listeners.get(id)!.known = new Map();
    for (const row of rows) {
      const listener = row.ownerId ? listeners.get(row.ownerId) : undefined;
      if (!listener?.known || !row.status || !row.updatedAt) continue;
      const before = listener.known.get(row._id);
      const draftAt = draftTime(row);
      listener.known.set(row._id, { status: row.status, at: row.updatedAt.getTime(), draftAt });
      // A staging's first look is news too: the final replaces it with a status change of its own.
      const newDraft = draftAt > 0 && draftAt !== (before?.draftAt ?? 0);
      if ((before?.status === row.status && !newDraft) || seeding.has(row.ownerId!)) continue;
      // Unknown and long finished: only something else changed (a share link, a rename), not its status.
      const finishedNow = row.finishedAt !== undefined && row.finishedAt.getTime() > since;
      if (!before && isFinished(row.status) && !finishedNow) continue;
      told.set(row.ownerId!, [...(told.get(row.ownerId!) ?? []), eventOf(row, row.status, row.updatedAt)]);
    }
    // A finished project out of the window stays as it is; an unfinished one is kept until it finishes.
    for (const listener of listeners.values())
      for (const [id, seen] of listener.known ?? [])
        if (seen.at < since && (seen.status === 'completed' || seen.status === 'failed'))
          listener.known?.delete(id);
    // A session signed out since the stream opened hears nothing more, even before the next check.
    for (const [ownerId, events] of told)
      for (const stream of await recheckSessions(ownerId))
        for (const event of events) stream.send(PROJECT_EVENT, event);
  }

  /** One query for every connected owner; calls that arrive meanwhile make it run once more. */
  async function poll(): Promise<void> {
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    try {
      do {
        pollAgain = false;
        const owners = new Set(listeners.keys());
        if (owners.size === 0) break;
        const startedAt = Date.now();
        const since = (lastPollAt ?? startedAt) - tuning.overlapMs;
        const rows = await repos.projects.changedSince([...owners], new Date(since));
        lastPollAt = startedAt;
        await deliver(owners, rows, since);
      } while (pollAgain);
    } catch (err) {
      logger.warn({ err }, 'live events: could not read project changes');
    } finally {
      polling = false;
    }
  }

  const changed = (ownerId: string | null) => {
    if (ownerId && listeners.has(ownerId)) void poll();
  };
  const sink: ProjectChangeSink & ProjectFinishedSink = {
    projectChanged: ({ ownerId }: ProjectChange) => changed(ownerId),
    projectFinished: ({ project }: ProjectFinished) => changed(project.ownerId),
  };

  return {
    ...sink,
    /** A new stream for `ownerId`, ending with the session `sessionId`; a 429 past the per-account cap. */
    open(ownerId: string, sessionId: string | null): EventStream {
      const listener = listeners.get(ownerId) ?? { streams: new Set(), known: null };
      if (listener.streams.size >= tuning.maxStreamsPerUser)
        throw tooManyRequests(TOO_MANY_STREAMS, tuning.retryMs / 1000);
      const stream = new EventStream(ownerId, sessionId, tuning.retryMs, remove);
      listener.streams.add(stream);
      listeners.set(ownerId, listener);
      start();
      void poll();
      return stream;
    },
    /** Ends at once the owner's streams whose session has just ended (sign-out, password reset). */
    sessionsChanged(ownerId: string): void {
      void recheckSessions(ownerId);
    },
    /** How many streams are open (for an account, or in all). */
    openStreams(ownerId?: string): number {
      if (ownerId) return listeners.get(ownerId)?.streams.size ?? 0;
      return [...listeners.values()].reduce((n, l) => n + l.streams.size, 0);
    },
    /** Ends every stream (shutdown): browsers reconnect to whichever server answers next. */
    closeAll(): void {
      for (const l of [...listeners.values()]) for (const s of [...l.streams]) s.close();
    },
  };
}
export type LiveEvents = ReturnType<typeof createLiveEvents>;
