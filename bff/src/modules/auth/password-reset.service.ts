import { RESET_LINK_INVALID, RESET_LINK_LIFETIME, type PasswordResetConfirm } from '@shared/api';
import { badRequest } from '../../http/errors';
import { passwordResetMail, providerSignInMail, type Mailer } from '../../mail';
import type { Repositories, UserDoc } from '../../store';
import { enforceRateLimit, HOUR_MS } from '../limits';
import { emailKey } from './auth.service';
import { providerNamesOf } from './oauth-providers';
import { digest, newLinkToken } from './link-token';
import { hashPassword, weakPasswordReason } from './password';
import type { Config } from '../../config';

/** Per address: enough for a lost mail or two; per network: enough for an office, too few to spray mail. */
export const RESET_LIMITS = {
  perEmail: { windowMs: HOUR_MS, max: 3 },
  perIp: { windowMs: HOUR_MS, max: 10 },
};
export const TOO_MANY_RESETS =
  'You have asked for several reset links in a short time. Please check your inbox, or wait a while before asking again.';

/** Forgotten passwords: a single-use link by mail, then a new password that ends every other session. */
export function passwordResetService(repos: Repositories, mail: Mailer, config: Config) {
  const limit = (key: string, rule: { windowMs: number; max: number }) =>
    enforceRateLimit(repos, { key, ...rule, message: TOO_MANY_RESETS });
  const providerNames = (user: UserDoc) => providerNamesOf(config, user);

  return {
    /**
     * Mails a link when an account uses `email` (a note on how to sign in when it has no password), and
     * nothing otherwise; the caller answers the same either way. `origin` is where the link points.
     */
    async request(email: string, ip: string, origin: string): Promise<void> {
      await limit(`reset:ip:${ip}`, RESET_LIMITS.perIp);
      await limit(emailKey('reset', email), RESET_LIMITS.perEmail);
      const user = await repos.users.findByEmail(email);
      if (!user) return;
      if (!user.passwordHash) {
        const signIn = `${origin}/?signin=1`;
        await mail.enqueue(
          `reset-provider:${crypto.randomUUID()}`,
          providerSignInMail(user.email, providerNames(user), signIn),
        );
        return;
      }
      const { token, tokenHash } = newLinkToken();
      await repos.passwordResets.create(tokenHash, user._id, RESET_LINK_LIFETIME.ms);
      const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
      await mail.enqueue(`reset:${tokenHash}`, passwordResetMail(user.email, link));
    },

    /** Whether the link can still set a password; its page asks before showing the form. */
    check: (token: string): Promise<boolean> => repos.passwordResets.isUsable(digest(token)),

    /**
     * Sets the new password when the link is valid (once, before it expires), ends every session and
     * every other link of the account, and returns the user to sign in.
     */
    async confirm(input: PasswordResetConfirm): Promise<UserDoc> {
      // Checked before the link is used up, so a refused password leaves the link working.
      const weak = weakPasswordReason(input.password);
      if (weak) throw badRequest(weak, 'weak_password');
      const userId = await repos.passwordResets.consume(digest(input.token));
      const user = userId ? await repos.users.findById(userId) : null;
      if (!user) throw badRequest(RESET_LINK_INVALID, 'invalid_reset_link');
      const { hash, salt } = await hashPassword(input.password);
      // Opening a mail sent to the address proves it as well as a sign-up link would.
      const updated = await repos.users.update(user._id, {
        passwordHash: hash,
        passwordSalt: salt,
        unconfirmed: false,
        // A pending email change could move the account away after the owner took it back.
        pendingEmail: null,
      });
      if (!updated) throw badRequest(RESET_LINK_INVALID, 'invalid_reset_link');
      await repos.sessions.destroyAllForUser(user._id);
      await repos.passwordResets.deleteForUser(user._id);
      // Failed guesses against the old password no longer hold the new one back.
      await repos.rateLimits.reset(emailKey('login', user.email));
      return updated;
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
