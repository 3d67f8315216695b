import {
  SIGN_UP_LINK_INVALID,
  SIGN_UP_LINK_LIFETIME,
  SIGNED_IN_ELSEWHERE,
  type RegisterCheckResult,
  type RegisterConfirm,
  type RegisterRequest,
} from '@shared/api';
import type { Config } from '../../config';
import { badRequest, conflict } from '../../http/errors';
import { signUpAttemptMail, signUpConfirmMail, type Mailer } from '../../mail';
import { DuplicateKeyError, type Repositories, type UserDoc } from '../../store';
import { emailKey, TOO_MANY_SIGNUPS, usernameFrom, type AuthLimits } from './auth.service';
import { enforceRateLimit } from '../limits';
import { newLinkToken, digest } from './link-token';
import { providerNamesOf } from './oauth-providers';
import { hashPassword, weakPasswordReason } from './password';

/**
 * Sign-up by mail: the form's answer is the same whether or not the address has an account. A new address
 * gets a link that finishes the account; an existing one's owner is told someone tried.
 */
export function signUpService(repos: Repositories, mail: Mailer, config: Config, limits: AuthLimits) {
  const limit = (key: string, rule: { windowMs: number; max: number }) =>
    enforceRateLimit(repos, { key, ...rule, message: TOO_MANY_SIGNUPS });

  /**
   * The newest link is the only one that works ('The older ones no longer matter'). It carries no password:
   * whoever holds the mailbox chooses it on the link's page, so a stranger's sign-up gains them nothing.
   */
  async function mailLink(user: UserDoc, origin: string) {
    await repos.passwordResets.replaceSignUps(user._id);
    const { token, tokenHash } = newLinkToken();
    await repos.passwordResets.create(tokenHash, user._id, SIGN_UP_LINK_LIFETIME.ms, { purpose: 'sign-up' });
    const link = `${origin}/confirm-account?token=${encodeURIComponent(token)}`;
    await mail.enqueue(
      `sign-up:${tokenHash}`,
      signUpConfirmMail(user.email, link, SIGN_UP_LINK_LIFETIME.text),
    );
  }

  async function tellOwner(user: UserDoc, origin: string) {
    const providers = user.passwordHash ? null : providerNamesOf(config, user);
    const links = { signIn: `${origin}/?signin=email`, reset: `${origin}/?signin=forgot` };
    await mail.enqueue(
      `sign-up-attempt:${crypto.randomUUID()}`,
      signUpAttemptMail(user.email, links, providers),
    );
  }

  return {
    /** Mails the address (a link, or a note to its owner) and returns nothing the caller could tell apart. */
    async register(input: RegisterRequest, ip: string, origin: string): Promise<void> {
      await limit(`register:ip:${ip}`, limits.registrationsPerIp);
      await limit(emailKey('register', input.email), limits.registrationsPerEmail);
      const weak = weakPasswordReason(input.password);
      if (weak) throw badRequest(weak, 'weak_password');
      // Hashed on both paths, so the answer takes as long whether or not the address has an account.
      const password = await hashPassword(input.password);
      const known = await repos.users.findByEmail(input.email);
      if (known && !known.unconfirmed) return tellOwner(known, origin);
      let user = known;
      // Kept on the unconfirmed account only so signing in early can say 'confirm your email first'.
      if (user)
        await repos.users.update(user._id, { passwordHash: password.hash, passwordSalt: password.salt });
      if (!user) {
        try {
          user = await repos.users.create({
            email: input.email,
            username: usernameFrom(input.email, input.firstName, input.lastName),
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            passwordHash: password.hash,
            passwordSalt: password.salt,
            unconfirmed: true,
          });
        } catch (err) {
          // Two sign-ups raced past the look-up: the unique index decides, and the other one mails.
          if (err instanceof DuplicateKeyError) return;
          throw err;
        }
      }
      await mailLink(user, origin);
    },

    /** What the link's page shows before anything is sent: the account it is for, and whether it works. */
    async check(token: string): Promise<RegisterCheckResult> {
      const link = await repos.passwordResets.findSignUp(digest(token));
      const user = link ? await repos.users.findById(link.userId) : null;
      if (!link || !user) return { state: 'invalid', email: null };
      // However the link stopped working, an account that is ready is signed in to, not created again.
      if (!user.unconfirmed) return { state: 'used', email: user.email };
      return { state: link.state, email: user.email };
    },

    /**
     * The link's page was sent: the address is proven, the password typed there is set. Works once; from a
     * device signed in to another account only when the person agreed to switch (`switchAccount`).
     */
    async confirm(input: RegisterConfirm, signedInAs: string | null): Promise<UserDoc> {
      const weak = weakPasswordReason(input.password);
      if (weak) throw badRequest(weak, 'weak_password');
      const found = await repos.passwordResets.findSignUp(digest(input.token));
      if (found?.state === 'ready' && signedInAs && signedInAs !== found.userId && !input.switchAccount)
        throw conflict(SIGNED_IN_ELSEWHERE, 'signed_in_elsewhere');
      const { hash, salt } = await hashPassword(input.password);
      const link = await repos.passwordResets.consumeSignUp(digest(input.token));
      const user = link ? await repos.users.findById(link.userId) : null;
      if (!link || !user?.unconfirmed) throw badRequest(SIGN_UP_LINK_INVALID, 'invalid_sign_up_link');
      const updated = await repos.users.update(user._id, {
        passwordHash: hash,
        passwordSalt: salt,
        unconfirmed: false,
      });
      if (!updated) throw badRequest(SIGN_UP_LINK_INVALID, 'invalid_sign_up_link');
      await repos.rateLimits.reset(emailKey('login', user.email));
      return updated;
    },
  };
}
export type SignUpService = ReturnType<typeof signUpService>;
