import { z } from 'zod';
import { optionalName } from './common';

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  plan: z.enum(['free', 'pro']),
});
export type User = z.infer<typeof userSchema>;

/** Password and name limits of sign-up and sign-in (the forms' limits too). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PERSON_NAME_MAX = 100;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }));
const name = optionalName(PERSON_NAME_MAX);

export const registerRequestSchema = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, { message: `Please choose a password of at least ${PASSWORD_MIN} characters.` })
    .max(PASSWORD_MAX, { message: `Please choose a password of at most ${PASSWORD_MAX} characters.` }),
  firstName: name,
  lastName: name,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email,
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
