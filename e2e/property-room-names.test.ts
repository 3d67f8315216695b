import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectSchema, propertySchema, type Property } from '../shared/src/api';
import { PROJECT_NAME_TEXTS } from '../pwa/src/components/project-name/project-name-texts';
import { PROPERTY_TEXTS } from '../pwa/src/features/properties/property-texts';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { poll, SLOW } from './support/offline-steps';
import { useServerAndBrowser } from './support/use-server-and-browser';

const roomPhoto = (wall: string): Promise<Buffer> =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="780" fill="${wall}"/><rect y="780" width="1600" height="420" fill="#8b6b4a"/></svg>`),
  )
    .jpeg({ quality: 88 })
    .toBuffer();

describe.skipIf(!hasChromium)("a property's rooms are renamed where they are shown", () => {
  const app = useServerAndBrowser();
  const api = (path: string) => `${app.server.url}/api${path}`;

  /** A property with one kitchen staged by the server's engine, made through the API. */
  async function stagedProperty(page: Page): Promise<Property> {
    const id = randomUUID();
    expect((await page.request.post(api('/properties'), { data: { id, name: '9 Oak Ln' } })).status()).toBe(
      201,
    );
    const roomId = randomUUID();
    const added = await page.request.post(api(`/properties/${id}/rooms`), {
      multipart: {
        roomId,
        roomType: 'kitchen',
        image: { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#e8dcc6') },
      },
    });
    expect(added.status()).toBe(201);
    const staged = await page.request.post(api(`/properties/${id}/stage`), {
      data: { roomIds: [roomId], stylePreset: 'modern' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(staged.status()).toBeLessThan(300);
    const read = async () =>
      propertySchema.parse(await (await page.request.get(api(`/properties/${id}`))).json());
    await expect
      .poll(async () => (await read()).rooms[0]?.project?.status, { timeout: 60_000 })
      .toBe('completed');
    return read();
  }

  it.each(FLOW_WIDTHS)('a staged room is renamed on the property page (%i px)', async (width) => {
    const context = await contextAtWidth(app.browser, width);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: `Rory${width}` });
    const property = await stagedProperty(page);
    const project = property.rooms[0]!.project!;
    expect(project.name).toBe('9 Oak Ln - Kitchen');

    await page.goto(`${app.server.url}/properties/${property.id}`);
    const results = page.getByRole('region', { name: PROPERTY_TEXTS.resultsTitle });
    await results.getByText(project.name, { exact: true }).waitFor(SLOW);
    await results.getByRole('button', { name: `${PROJECT_NAME_TEXTS.rename} ${project.name}` }).click();
    await results.getByLabel(PROJECT_NAME_TEXTS.nameLabel).fill('Kitchen with island');
    await results.getByRole('button', { name: PROJECT_NAME_TEXTS.saveName }).click();
    await results.getByText('Kitchen with island', { exact: true }).waitFor(SLOW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The staging's project carries the name: the projects list and the property say the same.
    const saved = projectSchema.parse(await (await page.request.get(api(`/projects/${project.id}`))).json());
    expect(saved.name).toBe('Kitchen with island');
    await expect
      .poll(async () => {
        const p = propertySchema.parse(
          await (await page.request.get(api(`/properties/${property.id}`))).json(),
        );
        return p.rooms[0]?.project?.name;
      }, poll)
      .toBe('Kitchen with island');
    // Still there after a reload.
    await page.reload();
    await results.getByText('Kitchen with island', { exact: true }).waitFor(SLOW);
    expect(problems).toEqual([]);
    await context.close();
  });
});
