import type { User } from '@shared/api';
import { CookieJar } from './cookie-jar';

let counter = 0;

/**
 * Registers a fresh user over real HTTP. `jar.fetch` keeps the session as the server renews it;
 * `cookie` is a ready `Cookie` header for plain `fetch`.
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
  if (res.status !== 201) throw new Error(`signUp failed: ${res.status} ${await res.text()}`);
  return { cookie: jar.header(), jar, user: (await res.json()) as User, email, password };
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  body: JSON.stringify(body),
});
