import { describe, expect, it } from 'vitest';
import {
  PREVIEW_NOTICE,
  PROJECT_STATUS_TEXTS,
  analysisUnsureText,
  asSentence,
  batchCompleteText,
  projectStatusText,
} from './index';

describe('texts that depend on the engine', () => {
  it('states preview mode in one plain sentence', () => {
    expect(asSentence(PREVIEW_NOTICE)).toBe(
      'Preview mode: no AI provider is connected, so the photo is not really staged.',
    );
  });

  it('keeps the product progress texts with an AI provider and claims no AI model in preview', () => {
    for (const status of ['pending', 'processing', 'completed', 'failed'] as const) {
      expect(projectStatusText(status, 'openai')).toBe(PROJECT_STATUS_TEXTS[status]);
      expect(projectStatusText(status, 'preview')).not.toMatch(/\bAI\b/);
    }
    expect(projectStatusText('processing', 'openai')).toBe('AI model is analyzing and staging your room...');
    expect(projectStatusText('processing', 'preview')).toBe(
      'Making a colour-tinted preview of your photo...',
    );
  });

  it('says an unsure analysis kept the room type, without claiming a detection', () => {
    expect(analysisUnsureText('preview', 'kitchen')).toBe(
      'Preview mode cannot recognise rooms: keeping Kitchen.',
    );
    expect(analysisUnsureText('openai', 'bedroom')).toBe(
      'We could not tell which room this is: keeping Bedroom.',
    );
    expect(analysisUnsureText('openai', null)).toBe(
      'We could not tell which room this is: please choose the room type.',
    );
    expect(analysisUnsureText('preview', 'kitchen')).not.toMatch(/Detected/);
  });

  it('counts the failures of a batch, and keeps the product sentence when none failed', () => {
    expect(batchCompleteText(3, 0)).toBe('Processed 3 images successfully.');
    expect(batchCompleteText(2, 1)).toBe('Processed 2 of 3 images; 1 failed.');
    expect(batchCompleteText(0, 2)).toBe('Processed 0 of 2 images; 2 failed.');
    // Left unstaged for want of credits: said as that, not as failed.
    expect(batchCompleteText(2, 0, 3)).toBe('Processed 2 of 5 images; 3 not staged: no credits left.');
    expect(batchCompleteText(1, 1, 1)).toBe(
      'Processed 1 of 3 images; 1 failed, 1 not staged: no credits left.',
    );
  });

  it('says image, not images, for one photo', () => {
    expect(batchCompleteText(1, 0)).toBe('Processed 1 image successfully.');
    expect(batchCompleteText(0, 1)).toBe('Processed 0 of 1 image; 1 failed.');
  });
});
