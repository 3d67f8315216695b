import { z } from 'zod';
import { emailAddressSchema, optionalName } from './common';

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  plan: z.enum(['free', 'pro']),
  subscription: z
    .object({
      renewsAt: z.string().nullable().describe('ISO 8601: when Pro renews next; null once cancelled'),
      endsAt: z.string().nullable().describe('ISO 8601: when a cancelled Pro subscription ends'),
    })
    .nullable()
    .optional()
    .describe("A Pro account's subscription dates, from Stripe; null or absent on the free plan"),
});
export type User = z.infer<typeof userSchema>;

/** Password and name limits of sign-up and sign-in (the forms' limits too). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PERSON_NAME_MAX = 100;

/** An email address as every form takes it: trimmed, lowercased, at most 254 characters, checked. */
export const emailField = emailAddressSchema;
const name = optionalName(PERSON_NAME_MAX);

/** A password someone chooses (sign-up, reset, change): the same rules everywhere. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, { message: `Please choose a password of at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { message: `Please choose a password of at most ${PASSWORD_MAX} characters.` });

export const registerRequestSchema = z.object({
  email: emailField,
  password: newPassword,
  firstName: name,
  lastName: name,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** How long the link that finishes a sign-up works, in words and in milliseconds. */
export const SIGN_UP_LINK_LIFETIME = { text: '24 hours', ms: 24 * 60 * 60 * 1000 };
/** The one answer to a sign-up, whether or not the address already has an account. */
export const signUpSent = (email: string) =>
  `Check your email to finish creating your account. We sent a link to ${email}; it works for ${SIGN_UP_LINK_LIFETIME.text}.`;
export const SIGN_UP_LINK_INVALID =
  'This link to finish creating your account has expired or was already used. Create your account again to get a new link.';
/** Sign-in with the right password before the address was confirmed. */
export const confirmEmailFirst = (email: string) =>
  `Confirm your email first: we sent a link to ${email}. Open it to finish creating your account.`;
export const registerAcceptedSchema = z.object({ message: z.string() });
export type RegisterAccepted = z.infer<typeof registerAcceptedSchema>;
const signUpToken = z
  .string()
  .trim()
  .min(1, { message: SIGN_UP_LINK_INVALID })
  .max(200, { message: SIGN_UP_LINK_INVALID });
/**
 * `POST /api/auth/register/confirm`: the token proves the mailbox; the password is chosen (or typed again)
 * on the link's page. `switchAccount` says the person agreed to leave the account signed in on this device.
 */
export const registerConfirmSchema = z.object({
  token: signUpToken,
  password: newPassword,
  switchAccount: z.boolean().optional(),
});
export type RegisterConfirm = z.infer<typeof registerConfirmSchema>;
/** `POST /api/auth/register/check`: what the link can still do; changes nothing. */
export const registerCheckSchema = z.object({ token: signUpToken });
export const registerCheckResultSchema = z.object({
  state: z
    .enum(['ready', 'used', 'replaced', 'invalid'])
    .describe(
      'ready: finishes the account; used: the account is ready, sign in; replaced: a newer link was sent; invalid: expired or unknown',
    ),
  email: z.string().nullable().describe('The account the link is for (null when invalid)'),
});
export type RegisterCheckResult = z.infer<typeof registerCheckResultSchema>;
/** A link that finished its account already: the account exists, so the way on is to sign in. */
export const SIGN_UP_LINK_USED =
  'This link was already used: your account is ready. Sign in with your email and password.';
/** An older link after 'Send the link again': only the newest one works. */
export const SIGN_UP_LINK_REPLACED =
  'A newer link was sent to this address, so this one no longer works. Open the newest mail from Stagely.';
/** The confirm request came from a device signed in to another account and did not say to switch. */
export const SIGNED_IN_ELSEWHERE =
  'You are signed in to another account on this device. Confirm that you want to switch accounts.';

export const loginRequestSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, { message: 'Please enter your password.' })
    .max(PASSWORD_MAX, { message: `Please shorten your password to ${PASSWORD_MAX} characters.` }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const authProvidersSchema = z.object({
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
  email: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** `GET /api/auth/login?provider=github`: without it the first configured provider is used. */
export const oauthLoginQuerySchema = z.object({ provider: z.string().max(40).optional() });

/** How long a password reset link works, in words and in milliseconds. */
export const RESET_LINK_LIFETIME = { text: '1 hour', ms: 60 * 60 * 1000 };
/** The one answer to a reset request, whether or not an account uses the address. */
export const PASSWORD_RESET_SENT = `If an account uses this address, we have sent it a link to choose a new password. The link expires in ${RESET_LINK_LIFETIME.text}.`;
export const RESET_LINK_INVALID =
  'This link to reset your password has expired or was already used. Ask for a new link below.';

/** `POST /api/auth/password-reset`: mails a link to choose a new password. */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const passwordResetAcceptedSchema = z.object({ message: z.string() });
export type PasswordResetAccepted = z.infer<typeof passwordResetAcceptedSchema>;

/** `POST /api/auth/password-reset/confirm`: the token from the link and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z.string().trim().min(1, { message: RESET_LINK_INVALID }).max(200, { message: RESET_LINK_INVALID }),
  password: newPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** `POST /api/auth/password-reset/check`: whether the link from the mail still works; changes nothing. */
export const passwordResetCheckSchema = passwordResetConfirmSchema.pick({ token: true });
export type PasswordResetCheck = z.infer<typeof passwordResetCheckSchema>;
export const passwordResetCheckResultSchema = z.object({
  valid: z.boolean().describe('False when the link was used, has expired or never existed'),
});
export type PasswordResetCheckResult = z.infer<typeof passwordResetCheckResultSchema>;
