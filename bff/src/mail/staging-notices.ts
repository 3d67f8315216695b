import { DEFAULT_PREFERENCES, projectLinkPath, propertyLinkPath, SETTINGS_PATH } from '@shared/domain';
import { appOrigin, type LinkConfig, type Logger } from '../config';
import type { ProjectDoc, Repositories, UserDoc } from '../store';
import type { Mailer } from './outbox-sender';
import { projectFinishedMail, runSummaryMail, type FinishedStaging } from './templates';

/**
 * A run whose stagings stopped finishing this long ago is summed up with what it has: photos refused at
 * upload, or never sent (the page was closed). Its photos are sent one after another, seconds apart.
 */
export const RUN_QUIET_MS = 3 * 60_000;
/** The worker mails as it finishes; the sweep takes what a crash left undecided after this long. */
export const NOTICE_GRACE_MS = 60_000;

export interface StagingNoticeDeps {
  repos: Repositories;
  mail: Mailer;
  config: LinkConfig;
  logger: Logger;
}

const finished = (p: Pick<ProjectDoc, 'status'>) => p.status === 'completed' || p.status === 'failed';

/**
 * The 'project completed' mails: one per finished staging, one summary per batch or property run. Each
 * mail's outbox key is its project or run, and a project's `notifyPending` goes only after its mail is
 * enqueued, so two workers, a crash or a restart never send one twice and never lose one.
 */
export function stagingNotices({ repos, mail, config, logger }: StagingNoticeDeps) {
  const origin = appOrigin(config);
  const settingsUrl = `${origin}${SETTINGS_PATH}`;

  const staging = (p: ProjectDoc): FinishedStaging => {
    const failed = p.status === 'failed';
    return {
      name: p.name,
      status: failed ? 'failed' : 'completed',
      reason: failed ? (p.failure?.reason ?? p.error) || null : null,
      creditReturned: failed && (p.failure?.creditReturned ?? false),
      url: `${origin}${projectLinkPath(p._id)}`,
    };
  };

  async function wanted(ownerId: string): Promise<UserDoc | null> {
    const prefs = (await repos.preferences.get(ownerId)) ?? DEFAULT_PREFERENCES;
    if (!prefs.emailNotifications.project_completed) return null;
    return repos.users.findById(ownerId);
  }

  const runKey = (p: ProjectDoc) => `run-finished:${p.ownerId ?? ''}:${p.batchId ?? ''}`;

  async function single(user: UserDoc, p: ProjectDoc): Promise<void> {
    await mail.enqueue(
      `project-finished:${p._id}`,
      projectFinishedMail(user.email, user.username, staging(p), settingsUrl),
    );
  }

  /** Ids whose mail is now decided: the run's finished ones once summed up, none while it goes on. */
  async function run(user: UserDoc, p: ProjectDoc, at: Date): Promise<string[]> {
    // A staging that finishes after its run was summed up (a photo that came late) gets its own mail; one that
    // had finished before is in the summary (its own event can come after a sweep summed the run up).
    const summary = await repos.mailOutbox.get(runKey(p));
    if (summary) {
      if (!p.finishedAt || p.finishedAt > summary.createdAt) await single(user, p);
      return [p._id];
    }
    const members = (await repos.projects.findBatch(user._id, p.batchId ?? '')).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    const done = members.filter(finished);
    const last = Math.max(...members.map((m) => m.updatedAt.getTime()));
    const complete = done.length >= (p.batchSize ?? 1);
    const quiet = done.length === members.length && at.getTime() - last >= RUN_QUIET_MS;
    if (!complete && !quiet) return [];
    const property = p.propertyId ? await repos.properties.findForOwner(user._id, p.propertyId) : null;
    await mail.enqueue(
      runKey(p),
      runSummaryMail(
        user.email,
        user.username,
        {
          property: property
            ? { name: property.name, url: `${origin}${propertyLinkPath(property._id)}` }
            : null,
          appUrl: `${origin}/`,
          items: done.map(staging),
        },
        settingsUrl,
      ),
    );
    return done.map((m) => m._id);
  }

  /** Decides the mail of one finished project (and of its run); ids whose mail is decided come back. */
  async function notify(p: ProjectDoc | null, at: Date): Promise<string[]> {
    if (!p?.notifyPending || !finished(p)) return [];
    const user = p.ownerId ? await wanted(p.ownerId) : null;
    if (!user) return [p._id];
    if (!p.batchId) {
      await single(user, p);
      return [p._id];
    }
    return run(user, p, at);
  }

  return {
    /** The worker's 'project finished' event. Never rejects: the sweep retries what failed. */
    async projectFinished({ project }: { project: ProjectDoc }): Promise<void> {
      try {
        // Read again: `notifyPending` is this channel's own claim, which a sweep may have taken since.
        const current = await repos.projects.findById(project._id);
        await repos.projects.clearNotifyPending(await notify(current, new Date()));
      } catch (err) {
        logger.warn(
          { err, projectId: project._id },
          'project mail not decided yet; the housekeeping retries',
        );
      }
    },
    /** Finished projects whose mail a crash left undecided, and runs that went quiet before all came. */
    async sweep(at: Date = new Date(), graceMs = NOTICE_GRACE_MS): Promise<number> {
      let decided = 0;
      for (const id of await repos.projects.notifyPendingBefore(new Date(at.getTime() - graceMs))) {
        const ids = await notify(await repos.projects.findById(id), at);
        await repos.projects.clearNotifyPending(ids);
        decided += ids.length;
      }
      return decided;
    },
  };
}
export type StagingNotices = ReturnType<typeof stagingNotices>;
