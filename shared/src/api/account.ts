import { z } from 'zod';
import { emailField, newPassword, PASSWORD_MAX, PERSON_NAME_MAX } from './auth';
import { cleanDisplayText } from '../domain/display-text';

const personName = (max: number) => z.string().transform(cleanDisplayText).pipe(z.string().max(max));

/** `PATCH /api/user/profile`: the name shown in the app (empty first or last name: none). */
export const profileUpdateSchema = z.object({
  username: personName(PERSON_NAME_MAX).pipe(z.string().min(1, { message: 'Please enter your name.' })),
  firstName: personName(PERSON_NAME_MAX),
  lastName: personName(PERSON_NAME_MAX),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const currentPassword = z
  .string()
  .min(1, { message: 'Please enter your current password.' })
  .max(PASSWORD_MAX, { message: `Please shorten your password to ${PASSWORD_MAX} characters.` });

/** `POST /api/user/password`: the current password proves it is the owner; other devices are signed out. */
export const changePasswordSchema = z.object({ currentPassword, newPassword });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** `POST /api/user/email`: a link goes to the new address; nothing changes until it is opened. */
export const changeEmailSchema = z.object({ email: emailField, currentPassword });
export type ChangeEmail = z.infer<typeof changeEmailSchema>;
export const confirmEmailSchema = z.object({ token: z.string().min(1).max(200) });

export const EMAIL_LINK_LIFETIME = { text: '24 hours', ms: 24 * 60 * 60 * 1000 };
export const emailChangeSent = (email: string) =>
  `We sent a link to ${email}. Open it within ${EMAIL_LINK_LIFETIME.text} to use that address; until then your email stays as it is.`;
export const PASSWORD_CHANGED = 'Your password is changed. Every other device was signed out.';
export const WRONG_CURRENT_PASSWORD = 'That is not your current password.';
export const EMAIL_LINK_INVALID = 'This link was already used or has expired. Ask for a new one in Settings.';
/** What the current address is told when a change away from it is asked for. */
export const EMAIL_CHANGE_CANCELLED =
  'The change of your email is cancelled: your account keeps this address. If you did not ask for it, change your password now.';
export const CANCEL_LINK_INVALID =
  'This link no longer cancels anything: the change was already cancelled, confirmed or replaced.';
export const TOO_MANY_EMAIL_CHANGES =
  'You have asked for several email changes in a short time. Please check the inbox of the new address, or wait a while before asking again.';
export const EMAIL_TAKEN = 'Another account already uses that address.';
export const NO_PASSWORD_YET =
  'Your account signs in with a provider and has no password. Use Forgot password on the sign-in screen to set one.';
export const messageSchema = z.object({ message: z.string() });
