import type { AppDeps } from '../../app-deps';
import type { Upload } from '../../images';
import type { ProjectDoc } from '../../store';
import { DAY_MS, enforceRateLimit, HOUR_MS } from '../limits';
import type { ProjectsService } from '../projects';

/** Attempts (bad files included) per address per hour, so refusals cannot be used to hammer the intake. */
const DEMO_ATTEMPTS_PER_HOUR = 20;

export type DemoDeps = Pick<AppDeps, 'config' | 'repos'> & { projects: ProjectsService };

/** A visitor stages one photo without an account: the projects' intake and save, limited per address. */
export function demoService(deps: DemoDeps) {
  const { config, repos, projects } = deps;
  return {
    async stage(ip: string, readBody: () => Promise<Upload>): Promise<ProjectDoc> {
      await enforceRateLimit(repos, {
        key: `demo-attempt:${ip}`,
        windowMs: HOUR_MS,
        max: DEMO_ATTEMPTS_PER_HOUR,
        message: 'Too many demo attempts in the last hour. Please try again later.',
      });
      // Counted only for photos we accept: a refused file does not use up a visitor's demo.
      const admit = () =>
        enforceRateLimit(repos, {
          key: `demo:${ip}`,
          windowMs: DAY_MS,
          max: config.DEMO_LIMIT_PER_DAY,
          message: `You've used today's ${config.DEMO_LIMIT_PER_DAY} free demo stagings. Create a free account to keep staging.`,
        });
      return projects.createDemo(ip, readBody, admit);
    },
  };
}
export type DemoService = ReturnType<typeof demoService>;
