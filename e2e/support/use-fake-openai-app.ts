import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { MIN_PHOTO_SHORT_EDGE } from '../../shared/src/domain';
import { renderRoom, roomAtLeast } from '../../bff/src/testing/synthetic-rooms';
import { FakeOpenAI } from '../../bff/src/testing/fake-openai';
import { contextAtWidth } from './browser';
import { started, useServerAndBrowser } from './use-server-and-browser';

/**
 * The app pointed at a loopback OpenAI, with an empty room photo the tests upload and one browser context
 * at a time (`openAt` closes the last one), closed with the suite. Registers its hooks in the order the server needs.
 */
export function useFakeOpenAIApp() {
  const fake = new FakeOpenAI();
  const env: Record<string, string> = {};
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  let photo: Buffer | undefined;
  beforeAll(async () => {
    await fake.listen();
    Object.assign(env, fake.env);
    photo = await renderRoom(room, 'empty');
  });
  // Registered after the stand-in's hook, so the server starts pointed at it.
  const app = useServerAndBrowser(env);
  afterAll(() => fake.close());
  let context: BrowserContext | undefined;
  afterAll(() => context?.close());
  return {
    fake,
    room,
    app,
    get photo() {
      return started('useFakeOpenAIApp', photo);
    },
    async openAt(width: number, height?: number): Promise<BrowserContext> {
      await context?.close();
      context = await contextAtWidth(app.browser, width, height);
      return context;
    },
  };
}
