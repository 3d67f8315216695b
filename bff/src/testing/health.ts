import type { Health } from '@shared/api';

/** The token test servers are started with, so a test can read /api/health's details as an operator. */
export const TEST_HEALTH_TOKEN = 'test-health-token-0123456789';

/** `GET /api/health` as an operator (with the token): the answer and its details. */
export async function healthDetails(url: string): Promise<{ status: number; health: Health }> {
  const res = await fetch(`${url}/api/health`, {
    headers: { Authorization: `Bearer ${TEST_HEALTH_TOKEN}` },
  });
  return { status: res.status, health: (await res.json()) as Health };
}
