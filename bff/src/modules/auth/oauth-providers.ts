import { API_PATHS, apiPath } from '@shared/api';
import { cleanDisplayText } from '@shared/domain';
import { appOrigin, type Config } from '../../config';
import type { UserDoc } from '../../store';

export interface OAuthProvider {
  id: string;
  name: string;
  /** The provider's block in grant's configuration. */
  grant: Record<string, unknown>;
}

const common = {
  state: true,
  response: ['tokens', 'profile'],
  callback: API_PATHS.authCallback,
  transport: 'session',
};

/** Providers switched on by env: each needs its client id and secret. */
/** The providers an account signed in with, by the names the sign-in dialog shows. */
export function providerNamesOf(config: Config, user: Pick<UserDoc, 'identities'>): string[] {
  const names = new Map(configuredProviders(config).map((p) => [p.id, p.name]));
  return [...new Set(user.identities.map((i) => names.get(i.provider) ?? i.provider))];
}

export function configuredProviders(config: Config): OAuthProvider[] {
  const list: OAuthProvider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    list.push({
      id: 'google',
      name: 'Google',
      grant: {
        ...common,
        key: config.GOOGLE_CLIENT_ID,
        secret: config.GOOGLE_CLIENT_SECRET,
        scope: ['openid', 'email', 'profile'],
        nonce: true,
      },
    });
  }
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    list.push({
      id: 'github',
      name: 'GitHub',
      grant: {
        ...common,
        key: config.GITHUB_CLIENT_ID,
        secret: config.GITHUB_CLIENT_SECRET,
        scope: ['read:user', 'user:email'],
      },
    });
  }
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET) {
    list.push({
      id: 'microsoft',
      name: 'Microsoft',
      grant: {
        ...common,
        key: config.MICROSOFT_CLIENT_ID,
        secret: config.MICROSOFT_CLIENT_SECRET,
        scope: ['openid', 'email', 'profile'],
        profile_url: 'https://graph.microsoft.com/oidc/userinfo',
      },
    });
  }
  if (
    config.OIDC_CLIENT_ID &&
    config.OIDC_CLIENT_SECRET &&
    config.OIDC_AUTHORIZE_URL &&
    config.OIDC_TOKEN_URL &&
    config.OIDC_USERINFO_URL
  ) {
    list.push({
      id: 'oidc',
      name: config.OIDC_NAME ?? 'Single sign-on',
      grant: {
        ...common,
        oauth: 2,
        key: config.OIDC_CLIENT_ID,
        secret: config.OIDC_CLIENT_SECRET,
        authorize_url: config.OIDC_AUTHORIZE_URL,
        access_url: config.OIDC_TOKEN_URL,
        profile_url: config.OIDC_USERINFO_URL,
        scope: config.OIDC_SCOPE.split(/\s+/).filter(Boolean),
        // grant joins a generic provider's scopes with commas; OAuth 2 and OIDC specify spaces.
        scope_delimiter: ' ',
      },
    });
  }
  return list;
}

/**
 * grant's whole configuration. The origin must match the redirect URI registered with each provider:
 * the app's public origin (PUBLIC_URL, else this machine), never the request's Host.
 */
export function grantConfig(config: Config, providers: OAuthProvider[]): Record<string, unknown> {
  return {
    // Errors without a grant session (a replayed callback) still land on our callback, which refuses them.
    defaults: {
      origin: appOrigin(config),
      prefix: apiPath('authConnect', { provider: '' }).slice(0, -1),
      callback: API_PATHS.authCallback,
      transport: 'session',
    },
    ...Object.fromEntries(providers.map((p) => [p.id, p.grant])),
  };
}

/** Where the sign-in dialog's email form takes over, and where a failed provider round trip lands. */
export const EMAIL_SIGN_IN_PATH = '/?signin=email';
export const FAILED_SIGN_IN_PATH = '/?signin=failed';

/** What grant leaves in the session after the code exchange. */
export interface GrantResult {
  provider?: string;
  response?: { error?: unknown; access_token?: string; profile?: Record<string, unknown> };
}

export interface OAuthProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;
/** A provider's display name, cut to what the account can show (no control or bidi-override characters). */
const nameOf = (v: unknown): string | null => {
  const s = str(v);
  return s ? cleanDisplayText(s).slice(0, 100) || null : null;
};

/** Normalises the provider's profile; GitHub needs a second call for a verified e-mail address. */
export async function readProfile(
  providerId: string,
  raw: Record<string, unknown>,
  accessToken: string | undefined,
): Promise<OAuthProfile | null> {
  const subject = str(raw.sub) ?? str(raw.id);
  if (!subject) return null;
  let email = str(raw.email)?.toLowerCase() ?? null;
  let emailVerified = raw.email_verified === true || raw.email_verified === 'true';
  if (providerId === 'github' && accessToken) {
    const res = await fetch('https://api.github.com/user/emails', {
      headers: { Authorization: `Bearer ${accessToken}`, 'User-Agent': 'Stagely' },
    });
    if (res.ok) {
      const emails = (await res.json()) as { email: string; primary: boolean; verified: boolean }[];
      const primary = emails.find((e) => e.primary && e.verified);
      if (primary) {
        email = primary.email.toLowerCase();
        emailVerified = true;
      }
    }
  }
  return {
    subject,
    email,
    emailVerified,
    firstName: nameOf(raw.given_name),
    lastName: nameOf(raw.family_name),
    name: nameOf(raw.name) ?? nameOf(raw.login),
  };
}
