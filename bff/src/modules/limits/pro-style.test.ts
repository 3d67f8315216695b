import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { PRO_STYLE_CODE, currentUsageMonth, demoProStyleMessage, proStyleMessage } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto, multipart } from '../../testing/images';
import { seedProperty, stageRooms } from '../../testing/property-rooms';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

/** Advanced presets are Pro's: every entry point that takes a style refuses them for others, free of charge. */
describe('advanced style presets', () => {
  const t = useTestApp({ env: { DEMO_LIMIT_PER_DAY: '1' }, worker: { pollMs: 50 } });
  const month = currentUsageMonth();
  let photo: Buffer;
  const used = (userId: string) => t.deps.repos.usage.getUsed(userId, month);
  const refusal = (style: Parameters<typeof proStyleMessage>[0]) => ({
    error: PRO_STYLE_CODE,
    message: proStyleMessage(style),
  });
  const signUpPro = async () => {
    const signed = await signUp(t.url);
    await t.deps.repos.users.update(signed.user.id, { plan: 'pro' });
    return signed;
  };
  const stageProperty = async (jar: CookieJar, userId: string, stylePreset: string) => {
    const { property, rooms } = await seedProperty(t.deps, userId, [{ roomType: 'living-room' }]);
    const roomIds = rooms.map((r) => r._id);
    return stageRooms(jar.fetch.bind(jar), t.url, property._id, { roomIds, stylePreset });
  };

  beforeAll(async () => {
    photo = await makePhoto({ width: 683, height: 512 });
  });

  it('refuses a free account an advanced preset with 403 and a sentence; no credit, no project', async () => {
    const { jar, user } = await signUp(t.url);
    const refused = await postProject(t.url, jar, { photo, fields: { stylePreset: 'coastal' } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(refusal('coastal'));
    expect(await used(user.id)).toBe(0);
    expect(await t.deps.repos.projects.listForOwner(user.id)).toHaveLength(0);
    // The four everyone has still work for the same account.
    expect((await postProject(t.url, jar, { photo, fields: { stylePreset: 'industrial' } })).status).toBe(
      201,
    );
    expect(await used(user.id)).toBe(1);
  });

  it('stages a Pro account in an advanced preset to the end', async () => {
    const { jar, user } = await signUpPro();
    const res = await postProject(t.url, jar, { photo, fields: { stylePreset: 'mid-century' } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Project;
    const { project } = await waitForFinish(t.url, jar, id);
    expect(project).toMatchObject({ status: 'completed', stylePreset: 'mid-century' });
    expect(await used(user.id)).toBe(1);
  });

  it('refuses a free account an advanced preset for a property run before reserving the rooms', async () => {
    const { jar, user } = await signUp(t.url);
    const refused = await stageProperty(jar, user.id, 'japandi');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(refusal('japandi'));
    expect(await used(user.id)).toBe(0);
    expect(await t.deps.repos.projects.listForOwner(user.id)).toHaveLength(0);

    const pro = await signUpPro();
    const staged = await stageProperty(pro.jar, pro.user.id, 'japandi');
    expect(staged.status).toBe(201);
    const [made] = await t.deps.repos.projects.listForOwner(pro.user.id);
    expect(made?.stylePreset).toBe('japandi');
  });

  it("refuses the demo an advanced preset without using the visitor's demo", async () => {
    const demo = (stylePreset: string) =>
      fetch(`${t.url}/api/demo/stage`, {
        method: 'POST',
        body: multipart({ roomType: 'bedroom', stylePreset }, { data: photo }),
      });
    const refused = await demo('luxury');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: PRO_STYLE_CODE, message: demoProStyleMessage('luxury') });
    expect((await demo('farmhouse')).status).toBe(201);
  });
});
