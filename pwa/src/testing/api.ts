import type { User } from '@shared/api';

/** A signed-in free user as GET /api/auth/user answers it. */
export const testUser: User = {
  id: 'u1',
  username: 'Erin Tester',
  email: 'erin@example.com',
  firstName: 'Erin',
  lastName: 'Tester',
  profileImageUrl: null,
  plan: 'free',
};

/** A JSON answer of the API, for a mocked fetch. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The same, as a resolved promise (what a mocked fetch returns). */
export const json = (body: unknown, status = 200) => Promise.resolve(jsonResponse(body, status));
