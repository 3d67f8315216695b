import { apiPath } from '@shared/api';
import type { Config, Logger } from '../../config';
import { badRequest, conflict } from '../../http/errors';
import type { Repositories, UserDoc } from '../../store';
import { DuplicateKeyError } from '../../store';
import { usernameFrom } from './auth.service';
import {
  configuredProviders,
  EMAIL_SIGN_IN_PATH,
  FAILED_SIGN_IN_PATH,
  readProfile,
  type GrantResult,
  type OAuthProfile,
} from './oauth-providers';

const EMAIL_NEEDS_PASSWORD =
  'An account with this email already exists. Please sign in with your email and password.';

/** Sign-in through the configured OAuth providers (grant does the redirects and the code exchange). */
export function oauthService(repos: Repositories, config: Config, logger: Logger) {
  const providers = configuredProviders(config);

  /** Finds the user by identity, else links by VERIFIED email, else creates one. */
  async function signIn(provider: string, profile: OAuthProfile): Promise<UserDoc> {
    const known = await repos.users.findByIdentity(provider, profile.subject);
    if (known) return known;
    if (!profile.email)
      throw conflict('Your sign-in provider did not share an email address.', 'email_missing');
    const byEmail = await repos.users.findByEmail(profile.email);
    if (byEmail) {
      // Linking on an unverified address would let anyone claim someone else's account.
      if (!profile.emailVerified) throw conflict(EMAIL_NEEDS_PASSWORD, 'email_unverified');
      await repos.users.addIdentity(byEmail._id, { provider, subject: profile.subject });
      if (!byEmail.unconfirmed) return byEmail;
      // The provider proved the address; a password typed by whoever began the sign-up is not trusted.
      await repos.passwordResets.deleteForUser(byEmail._id);
      const proven = await repos.users.update(byEmail._id, {
        unconfirmed: false,
        passwordHash: null,
        passwordSalt: null,
      });
      return proven ?? byEmail;
    }
    try {
      return await repos.users.create({
        email: profile.email,
        username: profile.name ?? usernameFrom(profile.email, profile.firstName, profile.lastName),
        firstName: profile.firstName,
        lastName: profile.lastName,
        identities: [{ provider, subject: profile.subject }],
      });
    } catch (err) {
      if (err instanceof DuplicateKeyError) throw conflict(EMAIL_NEEDS_PASSWORD, 'email_taken');
      throw err;
    }
  }

  return {
    /** The configured providers; email and password sign-in is always there beside them. */
    providers() {
      return { providers: providers.map(({ id, name }) => ({ id, name })), email: true };
    },

    /** Where the sign-in button leads: the provider asked for (or the first one), else the email form. */
    loginRedirect(wanted: string | undefined): string {
      if (providers.length === 0) return EMAIL_SIGN_IN_PATH;
      const provider = wanted ? providers.find((p) => p.id === wanted) : providers[0];
      if (!provider) throw badRequest('This sign-in provider is not available.', 'unknown_provider');
      return apiPath('authConnect', { provider: provider.id });
    },

    /**
     * Signs in the user of a finished provider round trip and starts their session; where the browser
     * goes next. A refused, forged or broken round trip is logged and lands on the failure hint.
     */
    async completeSignIn(
      grant: GrantResult | undefined,
      startSession: (user: UserDoc) => Promise<void>,
    ): Promise<string> {
      const response = grant?.response;
      try {
        if (!grant?.provider || !response || response.error || !response.profile) {
          throw new Error(`OAuth refused: ${JSON.stringify(response?.error ?? 'no response')}`);
        }
        const profile = await readProfile(grant.provider, response.profile, response.access_token);
        if (!profile) throw new Error('OAuth profile without a subject');
        await startSession(await signIn(grant.provider, profile));
        return '/';
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'oauth sign-in failed');
        return FAILED_SIGN_IN_PATH;
      }
    },
  };
}
export type OAuthService = ReturnType<typeof oauthService>;
