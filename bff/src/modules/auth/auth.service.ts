import { createHash } from 'node:crypto';
import { confirmEmailFirst, type LoginRequest } from '@shared/api';
import { forbidden, unauthorized } from '../../http/errors';
import type { Config } from '../../config';
import type { Repositories, UserDoc } from '../../store';
import { enforceRateLimit } from '../limits';
import { burnPasswordCheck, verifyPassword } from './password';

const MINUTE = 60_000;
export interface RateRule {
  windowMs: number;
  max: number;
}
export interface AuthLimits {
  loginFailuresPerEmail: RateRule;
  loginAttemptsPerIp: RateRule;
  registrationsPerIp: RateRule;
  registrationsPerEmail: RateRule;
}

/** The limits from configuration (LOGIN_FAILURES_PER_EMAIL, LOGIN_ATTEMPTS_PER_IP, REGISTRATIONS_PER_IP). */
export function authLimits(config: Config): AuthLimits {
  return {
    loginFailuresPerEmail: { windowMs: 15 * MINUTE, max: config.LOGIN_FAILURES_PER_EMAIL },
    loginAttemptsPerIp: { windowMs: 15 * MINUTE, max: config.LOGIN_ATTEMPTS_PER_IP },
    registrationsPerIp: { windowMs: 60 * MINUTE, max: config.REGISTRATIONS_PER_IP },
    registrationsPerEmail: { windowMs: 60 * MINUTE, max: 5 },
  };
}
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const TOO_MANY_SIGNUPS = 'Too many new accounts from this network. Please try again later.';
const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** Counters per address are keyed by its digest: no address is stored beside them, nor outlives its account. */
export const emailKey = (kind: 'login' | 'register' | 'reset' | 'email-change', email: string) =>
  `${kind}:email:${createHash('sha256').update(email).digest('base64url')}`;

export function usernameFrom(email: string, firstName?: string | null, lastName?: string | null): string {
  const full = [firstName, lastName].filter(Boolean).join(' ').trim();
  return full || email.split('@')[0] || email;
}

export function authService(repos: Repositories, limits: AuthLimits) {
  const limit = (key: string, rule: RateRule, message = TOO_MANY_LOGINS) =>
    enforceRateLimit(repos, { key, ...rule, message });

  return {
    /** Removes the stored session now (the session middleware would only at the end of the request). */
    async signOut(sessionId: string | null): Promise<void> {
      if (sessionId) await repos.sessions.destroy(sessionId);
    },

    /**
     * One message for an unknown email and a wrong password, and the same scrypt work for both.
     * Attempts are counted before the check (parallel guesses cannot slip through); a success clears
     * the email's count, so only failures add up against an account.
     */
    async login(input: LoginRequest, ip: string): Promise<UserDoc> {
      const failuresKey = emailKey('login', input.email);
      await limit(`login:ip:${ip}`, limits.loginAttemptsPerIp);
      await limit(failuresKey, limits.loginFailuresPerEmail);
      const user = await repos.users.findByEmail(input.email);
      const ok =
        user?.passwordHash && user.passwordSalt
          ? await verifyPassword(input.password, user.passwordHash, user.passwordSalt)
          : await burnPasswordCheck(input.password);
      if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
      await repos.rateLimits.reset(failuresKey);
      // Only someone who knows the password hears this, so it tells no one whether the address signed up.
      if (user.unconfirmed) throw forbidden(confirmEmailFirst(user.email), 'email_unconfirmed');
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
