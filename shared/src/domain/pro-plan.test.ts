import { describe, expect, it } from 'vitest';
import { PRO_BENEFITS, PRO_BENEFITS_PHRASE, subscriptionDateText } from './pro-plan';

describe('Pro plan texts', () => {
  it('names every benefit once in the sentence form, 4K as written', () => {
    expect(PRO_BENEFITS_PHRASE).toBe(
      'unlimited generations, all styles (advanced style presets included), priority processing and 4K exports',
    );
    for (const benefit of PRO_BENEFITS)
      expect(PRO_BENEFITS_PHRASE.toLowerCase()).toContain(benefit.toLowerCase());
  });

  it('says when Pro renews, or when it ends once cancelled, and nothing without a date', () => {
    const at = '2030-03-17T17:46:40.000Z';
    expect(subscriptionDateText({ renewsAt: at, endsAt: null })).toBe('Renews on Mar 17, 2030');
    expect(subscriptionDateText({ renewsAt: null, endsAt: at })).toBe('Ends on Mar 17, 2030');
    expect(subscriptionDateText({ renewsAt: null, endsAt: null })).toBeNull();
    expect(subscriptionDateText(null)).toBeNull();
  });
});
