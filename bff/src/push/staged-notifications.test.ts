import { describe, expect, it } from 'vitest';
import { stagedNotification, type StagedBatch } from './staged-notifications';

const one = (failed: boolean): StagedBatch => ({
  staged: failed ? 0 : 1,
  failed: failed ? 1 : 0,
  propertyIds: new Set([null]),
  lastAt: 0,
});

describe('the Web Push notification of a finished staging', () => {
  it('builds the failure sentence from the stored reason and whether the credit went back', () => {
    const failure = { reason: 'The AI provider declined this photo.', creditReturned: true };
    const told = stagedNotification(
      { _id: 'p1', name: 'Lounge', status: 'failed', error: null, failure },
      one(true),
    );
    expect(told.title).toBe('A photo could not be staged');
    expect(told.body).toBe(
      '“Lounge” could not be staged. The AI provider declined this photo. Your credit was returned.',
    );
    const kept = stagedNotification(
      {
        _id: 'p2',
        name: 'Hall',
        status: 'failed',
        error: null,
        failure: { ...failure, creditReturned: false },
      },
      one(true),
    );
    expect(kept.body).toBe('“Hall” could not be staged. The AI provider declined this photo.');
  });

  it('says a completed staging is ready', () => {
    const told = stagedNotification({ _id: 'p3', name: 'Den', status: 'completed', error: null }, one(false));
    expect(told).toMatchObject({
      title: 'Your photo is staged',
      body: '“Den” is ready to view.',
      url: '/?project=p3',
    });
  });
});
