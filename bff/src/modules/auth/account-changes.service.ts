import {
  CANCEL_LINK_INVALID,
  EMAIL_CHANGE_CANCELLED,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_LIFETIME,
  EMAIL_TAKEN,
  NO_PASSWORD_YET,
  TOO_MANY_EMAIL_CHANGES,
  WRONG_CURRENT_PASSWORD,
  type ChangeEmail,
  type ChangePassword,
  type ProfileUpdate,
} from '@shared/api';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  emailChangeConfirmMail,
  emailChangedNoticeMail,
  emailChangeRequestedMail,
  type Mailer,
} from '../../mail';
import { DuplicateKeyError, type Repositories, type UserDoc } from '../../store';
import { enforceRateLimit, HOUR_MS } from '../limits';
import { emailKey } from './auth.service';
import { digest, newLinkToken } from './link-token';
import { hashPassword, verifyPassword, weakPasswordReason } from './password';

/** Per account: a typo or two; per new address: a stranger's inbox is not flooded from many accounts. */
export const EMAIL_CHANGE_LIMITS = {
  perAccount: { windowMs: HOUR_MS, max: 3 },
  perAddress: { windowMs: HOUR_MS, max: 3 },
};

/**
 * What a password or address change leaves behind goes with it: a pending email change (its link would
 * move the account away) and every reset link (one may sit in a mailbox the owner no longer controls).
 */
export async function dropStandingLinks(repos: Repositories, userId: string): Promise<void> {
  await repos.users.update(userId, { pendingEmail: null });
  await repos.passwordResets.deleteForUser(userId);
}

/** Changes a signed-in person makes to their own account in Settings: name, password, email. */
export function accountChangesService(repos: Repositories, mail: Mailer) {
  async function owner(userId: string): Promise<UserDoc> {
    const user = await repos.users.findById(userId);
    if (!user) throw notFound('Account not found.');
    return user;
  }
  /** The current password proves it is the owner at the keyboard. */
  async function proveOwner(userId: string, password: string): Promise<UserDoc> {
    const user = await owner(userId);
    if (!user.passwordHash || !user.passwordSalt) throw badRequest(NO_PASSWORD_YET, 'no_password');
    if (!(await verifyPassword(password, user.passwordHash, user.passwordSalt)))
      throw badRequest(WRONG_CURRENT_PASSWORD, 'wrong_password');
    return user;
  }

  return {
    async updateProfile(userId: string, input: ProfileUpdate): Promise<UserDoc> {
      await owner(userId);
      const updated = await repos.users.update(userId, {
        username: input.username,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
      });
      if (!updated) throw notFound('Account not found.');
      return updated;
    },

    /** A new password; every other session of the account ends, this one stays signed in. */
    async changePassword(userId: string, sessionId: string | null, input: ChangePassword): Promise<void> {
      const user = await proveOwner(userId, input.currentPassword);
      const weak = weakPasswordReason(input.newPassword);
      if (weak) throw badRequest(weak, 'weak_password');
      const { hash, salt } = await hashPassword(input.newPassword);
      await repos.users.update(user._id, { passwordHash: hash, passwordSalt: salt });
      await repos.sessions.destroyOthersForUser(user._id, sessionId);
      await dropStandingLinks(repos, user._id);
    },

    /**
     * Mails a single-use link to the new address, and one that cancels the change to the current address;
     * `origin` is where the links point. A new request replaces the pending one.
     */
    async requestEmailChange(userId: string, input: ChangeEmail, origin: string): Promise<void> {
      const user = await proveOwner(userId, input.currentPassword);
      if (input.email === user.email) throw badRequest('That is already your email.', 'same_email');
      const limit = (key: string, rule: { windowMs: number; max: number }) =>
        enforceRateLimit(repos, { key, ...rule, message: TOO_MANY_EMAIL_CHANGES });
      await limit(`email-change:user:${user._id}`, EMAIL_CHANGE_LIMITS.perAccount);
      await limit(emailKey('email-change', input.email), EMAIL_CHANGE_LIMITS.perAddress);
      const { token, tokenHash } = newLinkToken();
      const cancel = newLinkToken();
      const expiresAt = new Date(Date.now() + EMAIL_LINK_LIFETIME.ms);
      await repos.users.update(user._id, {
        pendingEmail: { email: input.email, tokenHash, expiresAt, cancelTokenHash: cancel.tokenHash },
      });
      const link = `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
      await mail.enqueue(
        `email-change:${tokenHash}`,
        emailChangeConfirmMail(input.email, link, EMAIL_LINK_LIFETIME.text),
      );
      const cancelLink = `${origin}/cancel-email?token=${encodeURIComponent(cancel.token)}`;
      await mail.enqueue(
        `email-change-asked:${tokenHash}`,
        emailChangeRequestedMail(user.email, input.email, cancelLink),
      );
    },

    /** The link mailed to the current address was opened: the pending change is dropped. */
    async cancelEmailChange(token: string): Promise<string> {
      const user = await repos.users.findByPendingEmailCancelToken(digest(token));
      if (!user) throw badRequest(CANCEL_LINK_INVALID, 'invalid_cancel_link');
      await repos.users.update(user._id, { pendingEmail: null });
      return EMAIL_CHANGE_CANCELLED;
    },

    /** The link was opened: the new address replaces the old one, which is told. Works once. */
    async confirmEmailChange(token: string): Promise<UserDoc> {
      const user = await repos.users.findByPendingEmailToken(digest(token));
      const pending = user?.pendingEmail;
      if (!user || !pending) throw badRequest(EMAIL_LINK_INVALID, 'invalid_email_link');
      let updated: UserDoc | null;
      try {
        updated = await repos.users.update(user._id, { email: pending.email, pendingEmail: null });
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw conflict(EMAIL_TAKEN, 'email_taken');
        throw err;
      }
      if (!updated) throw badRequest(EMAIL_LINK_INVALID, 'invalid_email_link');
      // A reset link mailed to the old address must not reach the account any more.
      await repos.passwordResets.deleteForUser(user._id);
      await repos.rateLimits.reset(emailKey('login', user.email));
      await mail.enqueue(`email-changed:${digest(token)}`, emailChangedNoticeMail(user.email, pending.email));
      return updated;
    },
  };
}
