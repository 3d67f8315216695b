import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_SETTINGS, parseLocalSettings } from './settings';
import { SHARE_TOKEN_BYTES, SHARE_TOKEN_PATTERN, downloadFileName, shareOriginalPath } from './sharing';
import { shareNotice } from './share-notice';

describe('sharing and download names', () => {
  it('names downloads staged-image-{id}.jpg, with the option and listing-ready suffixes', () => {
    expect(downloadFileName('p1')).toBe('staged-image-p1.jpg');
    expect(downloadFileName('p1', { variant: 0, format: 'plain' })).toBe('staged-image-p1.jpg');
    expect(downloadFileName('p1', { variant: 2 })).toBe('staged-image-p1-3.jpg');
    expect(downloadFileName('p1', { variant: 1, format: 'listing' })).toBe('staged-image-p1-2-listing.jpg');
    expect(downloadFileName('p1', { format: 'listing', size: '4k' })).toBe('staged-image-p1-listing-4k.jpg');
  });
  it('has tokens of at least 128 bits in 24 base64url characters', () => {
    expect(SHARE_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(SHARE_TOKEN_PATTERN.test('Ab-_'.repeat(6))).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test('Ab+/'.repeat(6))).toBe(false);
    expect(shareOriginalPath('tok')).toBe('/s/tok/original');
  });
  it('remembers the download format in local settings, plain by default and for unknown values', () => {
    expect(DEFAULT_LOCAL_SETTINGS.downloadFormat).toBe('plain');
    expect(parseLocalSettings({ downloadFormat: 'listing' }).downloadFormat).toBe('listing');
    expect(parseLocalSettings({ downloadFormat: 'poster' }).downloadFormat).toBe('plain');
  });
});

describe('shareNotice', () => {
  it('says what was changed and where the original is', () => {
    expect(shareNotice('stage', 'staged', 'openai')).toMatch(
      /^This photo has been virtually staged: the furniture and decor were added/,
    );
    expect(shareNotice('unstage', 'staged', 'openai')).toContain('removed digitally');
    expect(shareNotice('multi-view', 'original', 'openai')).toMatch(
      /^You are looking at the unedited original photo\./,
    );
  });

  it('never says furniture was added or removed for a preview-engine result', () => {
    for (const mode of ['stage', 'unstage', 'multi-view'] as const) {
      for (const view of ['staged', 'original'] as const) {
        const text = shareNotice(mode, view, 'preview');
        expect(text).not.toMatch(/virtually staged|digitally|were added|were removed/);
        expect(text).toMatch(/nothing was added or removed|no furniture or decor was added or removed/);
      }
    }
  });
});
