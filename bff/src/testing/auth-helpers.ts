import type { User } from '@shared/api';
import { CookieJar } from './cookie-jar';
import { signUpToken } from './mailboxes';

let counter = 0;

/**
 * Registers a fresh user over real HTTP and opens the link mailed to finish it, which signs in. `jar.fetch`
 * keeps the session as the server renews it; `cookie` is a ready `Cookie` header for plain `fetch`.
 * The server's mail must be readable (test apps register theirs; see registerMailbox).
 */
export async function signUp(
  baseUrl: string,
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{ cookie: string; jar: CookieJar; user: User; email: string; password: string }> {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? 'correct horse 42';
  const jar = new CookieJar();
  const res = await jar.fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: overrides.firstName, lastName: overrides.lastName }),
  });
  if (res.status !== 202) throw new Error(`signUp failed: ${res.status} ${await res.text()}`);
  const confirmed = await jar.fetch(`${baseUrl}/api/auth/register/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: await signUpToken(baseUrl, email.toLowerCase()), password }),
  });
  if (confirmed.status !== 200)
    throw new Error(`signUp confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
  return { cookie: jar.header(), jar, user: (await confirmed.json()) as User, email, password };
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  body: JSON.stringify(body),
});
