import {
  EMAIL_LINK_INVALID,
  EMAIL_LINK_LIFETIME,
  EMAIL_TAKEN,
  NO_PASSWORD_YET,
  WRONG_CURRENT_PASSWORD,
  type ChangeEmail,
  type ChangePassword,
  type ProfileUpdate,
} from '@shared/api';
import { badRequest, conflict, notFound } from '../../http/errors';
import { emailChangeConfirmMail, emailChangedNoticeMail, type Mailer } from '../../mail';
import { DuplicateKeyError, type Repositories, type UserDoc } from '../../store';
import { emailKey } from './auth.service';
import { digest, newLinkToken } from './link-token';
import { hashPassword, verifyPassword, weakPasswordReason } from './password';

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
      await repos.passwordResets.deleteForUser(user._id);
    },

    /** Mails a single-use link to the new address; `origin` is where the link points. */
    async requestEmailChange(userId: string, input: ChangeEmail, origin: string): Promise<void> {
      const user = await proveOwner(userId, input.currentPassword);
      if (input.email === user.email) throw badRequest('That is already your email.', 'same_email');
      const { token, tokenHash } = newLinkToken();
      const expiresAt = new Date(Date.now() + EMAIL_LINK_LIFETIME.ms);
      await repos.users.update(user._id, { pendingEmail: { email: input.email, tokenHash, expiresAt } });
      const link = `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
      await mail.enqueue(
        `email-change:${tokenHash}`,
        emailChangeConfirmMail(input.email, link, EMAIL_LINK_LIFETIME.text),
      );
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
      await repos.rateLimits.reset(emailKey('login', user.email));
      await mail.enqueue(`email-changed:${digest(token)}`, emailChangedNoticeMail(user.email, pending.email));
      return updated;
    },
  };
}
