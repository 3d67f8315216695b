// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canStage, demoReducer, initialDemoState, type DemoState } from './demo-machine';
import { failureText } from './demo-messages';

const analysed: DemoState = demoReducer(initialDemoState, {
  type: 'analysed',
  result: { roomType: 'kitchen', style: 'industrial', confident: true, engine: 'openai' },
});

describe('demo state machine', () => {
  it('presets room type and style from the analysis', () => {
    expect(analysed).toMatchObject({ phase: 'analysed', roomType: 'kitchen', style: 'industrial' });
    expect(canStage(analysed)).toBe(true);
  });

  it('keeps a room type the visitor picked while analysis ran', () => {
    const picked = demoReducer(initialDemoState, { type: 'roomType', roomType: 'bedroom' });
    expect(canStage(picked)).toBe(false);
    const done = demoReducer(picked, {
      type: 'analysed',
      result: { roomType: 'kitchen', style: 'modern', confident: true, engine: 'openai' },
    });
    expect(done.roomType).toBe('bedroom');
  });

  it("presets nothing from an unsure answer (the preview engine's 'other'), and knows the engine", () => {
    const unsure = demoReducer(demoReducer(initialDemoState, { type: 'style', style: 'farmhouse' }), {
      type: 'analysed',
      result: { roomType: 'other', style: 'modern', confident: false, engine: 'preview' },
    });
    expect(unsure).toMatchObject({
      phase: 'analysed',
      roomType: null,
      style: 'farmhouse',
      engine: 'preview',
    });
    expect(canStage(unsure)).toBe(false);
    const picked = demoReducer(demoReducer(initialDemoState, { type: 'roomType', roomType: 'kitchen' }), {
      type: 'analysed',
      result: { roomType: 'other', style: 'modern', confident: false, engine: 'openai' },
    });
    expect(picked.roomType).toBe('kitchen');
  });

  it('keeps the sign-up offer of a used-up demo, and staging off, until the visitor starts over', () => {
    const staging = demoReducer(analysed, { type: 'stageStarted' });
    const refused = demoReducer(staging, { type: 'stageRefused', limitReached: 'Demo used up.' });
    expect(refused).toMatchObject({ phase: 'analysed', limitReached: 'Demo used up.' });
    expect(canStage(refused)).toBe(false);
    expect(demoReducer(refused, { type: 'stageStarted' })).toBe(refused);
    // Changing the options does not bring staging back.
    expect(canStage(demoReducer(refused, { type: 'roomType', roomType: 'office' }))).toBe(false);
    const analysisLimited = demoReducer(initialDemoState, { type: 'analysisFailed', limitReached: 'Later.' });
    expect(analysisLimited.limitReached).toBe('Later.');
    expect(canStage(demoReducer(analysisLimited, { type: 'roomType', roomType: 'office' }))).toBe(false);
    // Starting over (another photo) is a fresh state.
    expect(canStage(analysed)).toBe(true);
  });

  it('never stages a photo the server refused at analysis, whatever room is picked', () => {
    const refused = demoReducer(initialDemoState, { type: 'analysisFailed', refused: 'Too small.' });
    expect(refused).toMatchObject({ phase: 'analysed', refused: 'Too small.', limitReached: null });
    const picked = demoReducer(refused, { type: 'roomType', roomType: 'kitchen' });
    expect(canStage(picked)).toBe(false);
    expect(demoReducer(picked, { type: 'stageStarted' })).toBe(picked);
  });

  it('cannot stage without a room type after a failed analysis', () => {
    const failed = demoReducer(initialDemoState, { type: 'analysisFailed' });
    expect(failed.phase).toBe('analysed');
    expect(canStage(failed)).toBe(false);
    expect(demoReducer(failed, { type: 'stageStarted' })).toBe(failed);
    expect(canStage(demoReducer(failed, { type: 'roomType', roomType: 'office' }))).toBe(true);
  });

  it('runs staging, processing and completion, ignoring option changes while busy', () => {
    const staging = demoReducer(analysed, { type: 'stageStarted' });
    expect(staging.phase).toBe('staging');
    expect(canStage(staging)).toBe(false);
    expect(demoReducer(staging, { type: 'style', style: 'modern' }).style).toBe('industrial');
    const processing = demoReducer(staging, { type: 'stageAccepted', projectId: 'p1', engine: 'openai' });
    expect(processing).toMatchObject({ phase: 'processing', projectId: 'p1', engine: 'openai' });
    const failed = demoReducer(processing, { type: 'failed', error: 'Engine unavailable' });
    expect(failed).toMatchObject({ phase: 'failed', error: 'Engine unavailable' });
    expect(canStage(failed)).toBe(true);
    expect(demoReducer(failed, { type: 'stageStarted' })).toMatchObject({ phase: 'staging', error: null });
  });

  it('goes back to the options when the server refuses to start', () => {
    const staging = demoReducer(analysed, { type: 'stageStarted' });
    expect(demoReducer(staging, { type: 'stageRefused' }).phase).toBe('analysed');
  });

  it('words the failure text as the product says', () => {
    expect(failureText('Engine unavailable')).toBe('Staging failed: Engine unavailable');
    expect(failureText('')).toBe('Staging failed: Unknown error');
  });
});
