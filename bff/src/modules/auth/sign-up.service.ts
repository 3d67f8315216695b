import { SIGN_UP_LINK_INVALID, SIGN_UP_LINK_LIFETIME, type RegisterRequest } from '@shared/api';
import type { Config } from '../../config';
import { badRequest } from '../../http/errors';
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

  /** Each sign-up gets its own link carrying the password it chose, so a later sign-up cannot replace it. */
  async function mailLink(user: UserDoc, password: { hash: string; salt: string }, origin: string) {
    const { token, tokenHash } = newLinkToken();
    await repos.passwordResets.create(tokenHash, user._id, SIGN_UP_LINK_LIFETIME.ms, {
      purpose: 'sign-up',
      password,
    });
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
      await mailLink(user, password, origin);
    },

    /** The link was opened: the address is proven, the password of that sign-up is set. Works once. */
    async confirm(token: string): Promise<UserDoc> {
      const link = await repos.passwordResets.consumeSignUp(digest(token));
      const user = link?.password ? await repos.users.findById(link.userId) : null;
      if (!link?.password || !user?.unconfirmed)
        throw badRequest(SIGN_UP_LINK_INVALID, 'invalid_sign_up_link');
      const updated = await repos.users.update(user._id, {
        passwordHash: link.password.hash,
        passwordSalt: link.password.salt,
        unconfirmed: false,
      });
      if (!updated) throw badRequest(SIGN_UP_LINK_INVALID, 'invalid_sign_up_link');
      // The account's other sign-up links (its own or someone else's) go with the confirmation.
      await repos.passwordResets.deleteForUser(user._id);
      await repos.rateLimits.reset(emailKey('login', user.email));
      return updated;
    },
  };
}
export type SignUpService = ReturnType<typeof signUpService>;
