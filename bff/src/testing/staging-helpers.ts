import { UPLOAD_ACCOUNT_HEADER, type Project, type ProjectStatusResponse } from '@shared/api';
import type { CookieJar } from './cookie-jar';
import { makePhoto, multipart } from './images';

/** The multipart fields the workspace sends for `POST /api/projects`. */
export const STAGE_FIELDS = {
  name: 'Front room',
  stagingMode: 'stage',
  roomType: 'living-room',
  stylePreset: 'scandinavian',
  colorPalette: 'navy-gold',
  customPrompt: '',
};

type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;
const plainFetch: Fetcher = (url, init) => fetch(url, init);
export const fetcherOf = (jar: CookieJar | null): Fetcher =>
  jar ? (url, init) => jar.fetch(url, init) : plainFetch;

export async function postProject(
  baseUrl: string,
  jar: CookieJar,
  options: { fields?: Record<string, string>; photo?: Buffer; key?: string; account?: string } = {},
): Promise<Response> {
  const photo = options.photo ?? (await makePhoto({ width: 800, height: 600 }));
  const headers: Record<string, string> = {};
  if (options.key) headers['Idempotency-Key'] = options.key;
  if (options.account) headers[UPLOAD_ACCOUNT_HEADER] = options.account;
  return jar.fetch(`${baseUrl}/api/projects`, {
    method: 'POST',
    headers,
    body: multipart({ ...STAGE_FIELDS, ...options.fields }, { data: photo }),
  });
}

/**
 * Polls the status endpoint (as the PWA does) until the project is finished; `finishedAt` is the
 * performance.now() at which the finished status arrived. `pause` is the milliseconds between polls, or
 * a wait of the caller's own.
 */
export async function waitForFinish(
  baseUrl: string,
  jar: CookieJar | null,
  id: string,
  timeoutMs = 15_000,
  pause: number | (() => Promise<void>) = 50,
): Promise<{ statuses: ProjectStatusResponse[]; project: Project; finishedAt: number }> {
  const get = fetcherOf(jar);
  const statuses: ProjectStatusResponse[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await get(`${baseUrl}/api/projects/${id}/status`);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    const status = (await res.json()) as ProjectStatusResponse;
    statuses.push(status);
    if (status.status === 'completed' || status.status === 'failed') {
      const finishedAt = performance.now();
      const project = (await (await get(`${baseUrl}/api/projects/${id}`)).json()) as Project;
      return { statuses, project, finishedAt };
    }
    await (typeof pause === 'number' ? new Promise((r) => setTimeout(r, pause)) : pause());
  }
  throw new Error(`project ${id} did not finish: ${JSON.stringify(statuses.at(-1))}`);
}

export async function bytesOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}
