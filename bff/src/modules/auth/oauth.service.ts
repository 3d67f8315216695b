import { conflict } from '../../http/errors';
import type { Repositories, UserDoc } from '../../store';
import { DuplicateKeyError } from '../../store';
import { usernameFrom } from './auth.service';
import type { OAuthProfile } from './oauth-providers';

const EMAIL_NEEDS_PASSWORD =
  'An account with this email already exists. Please sign in with your email and password.';

/** Finds the user by identity, else links by VERIFIED email, else creates one. */
export function oauthService(repos: Repositories) {
  return {
    async signIn(provider: string, profile: OAuthProfile): Promise<UserDoc> {
      const known = await repos.users.findByIdentity(provider, profile.subject);
      if (known) return known;
      if (!profile.email)
        throw conflict('Your sign-in provider did not share an email address.', 'email_missing');
      const byEmail = await repos.users.findByEmail(profile.email);
      if (byEmail) {
        // Linking on an unverified address would let anyone claim someone else's account.
        if (!profile.emailVerified) throw conflict(EMAIL_NEEDS_PASSWORD, 'email_unverified');
        await repos.users.addIdentity(byEmail._id, { provider, subject: profile.subject });
        return byEmail;
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
    },
  };
}
