import { describe, expect, it } from 'vitest';
import { processBatchLabel } from './batch-messages';

describe('the batch generate button', () => {
  it('counts the photos it sends, in the singular for one', () => {
    expect(processBatchLabel(0)).toBe('Process Batch');
    expect(processBatchLabel(1)).toBe('Process 1 Image');
    expect(processBatchLabel(3)).toBe('Process 3 Images');
  });
});
