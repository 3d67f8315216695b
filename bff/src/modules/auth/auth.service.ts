import type { LoginRequest, RegisterRequest } from '@shared/api';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../http/errors';
import type { Repositories, UserDoc } from '../../store';
import { DuplicateKeyError } from '../../store';
import { burnPasswordCheck, hashPassword, verifyPassword, weakPasswordReason } from './password';

const MINUTE = 60_000;
export const AUTH_LIMITS = {
  loginPerEmail: { windowMs: 15 * MINUTE, max: 10 },
  loginPerIp: { windowMs: 15 * MINUTE, max: 50 },
  registerPerIp: { windowMs: 60 * MINUTE, max: 10 },
  registerPerEmail: { windowMs: 60 * MINUTE, max: 5 },
};
export const INVALID_CREDENTIALS = 'Invalid email or password.';
const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

export function usernameFrom(email: string, firstName?: string | null, lastName?: string | null): string {
  const full = [firstName, lastName].filter(Boolean).join(' ').trim();
  return full || email.split('@')[0] || email;
}

export function authService(repos: Repositories) {
  async function limit(key: string, rule: { windowMs: number; max: number }): Promise<void> {
    const r = await repos.rateLimits.hit(key, rule.windowMs, rule.max);
    if (!r.allowed) throw tooManyRequests(TOO_MANY, r.retryAfterSeconds);
  }

  return {
    async register(input: RegisterRequest, ip: string): Promise<UserDoc> {
      await limit(`register:ip:${ip}`, AUTH_LIMITS.registerPerIp);
      await limit(`register:email:${input.email}`, AUTH_LIMITS.registerPerEmail);
      const weak = weakPasswordReason(input.password);
      if (weak) throw badRequest(weak, 'weak_password');
      if (await repos.users.findByEmail(input.email)) throw conflict(EMAIL_TAKEN, 'email_taken');
      const { hash, salt } = await hashPassword(input.password);
      try {
        return await repos.users.create({
          email: input.email,
          username: usernameFrom(input.email, input.firstName, input.lastName),
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          passwordHash: hash,
          passwordSalt: salt,
        });
      } catch (err) {
        // Two registrations raced past the check above; the unique index decides.
        if (err instanceof DuplicateKeyError) throw conflict(EMAIL_TAKEN, 'email_taken');
        throw err;
      }
    },

    /** One message for an unknown email and a wrong password, and the same scrypt work for both. */
    async login(input: LoginRequest, ip: string): Promise<UserDoc> {
      await limit(`login:ip:${ip}`, AUTH_LIMITS.loginPerIp);
      await limit(`login:email:${input.email}`, AUTH_LIMITS.loginPerEmail);
      const user = await repos.users.findByEmail(input.email);
      const ok =
        user?.passwordHash && user.passwordSalt
          ? await verifyPassword(input.password, user.passwordHash, user.passwordSalt)
          : await burnPasswordCheck(input.password);
      if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
