import { describe, expect, it } from 'vitest';
import { paymentRequiredSchema } from './common';
import { limitsSchema, preferencesUpdateSchema } from './user';

describe('preferencesUpdateSchema', () => {
  const email = { project_completed: true, subscription_updates: false, marketing: false };
  const inApp = { project_completed: true, tips: false };
  it('needs at least one whole group', () => {
    expect(preferencesUpdateSchema.safeParse({}).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ inAppNotifications: { tips: false } }).success).toBe(false);
    expect(preferencesUpdateSchema.parse({ inAppNotifications: inApp })).toEqual({
      inAppNotifications: inApp,
    });
    expect(preferencesUpdateSchema.parse({ emailNotifications: email, inAppNotifications: inApp })).toEqual({
      emailNotifications: email,
      inAppNotifications: inApp,
    });
  });
  it('refuses unknown keys', () => {
    expect(preferencesUpdateSchema.safeParse({ inAppNotifications: inApp, admin: true }).success).toBe(false);
  });
});

describe('limits and the 402 answer', () => {
  it('accepts a numeric or unlimited maximum', () => {
    const limits = { hasActiveSubscription: false, generationsUsed: 2, maxGenerations: 5, canGenerate: true };
    expect(limitsSchema.parse(limits)).toEqual(limits);
    expect(limitsSchema.parse({ ...limits, maxGenerations: 'unlimited' }).maxGenerations).toBe('unlimited');
    expect(limitsSchema.safeParse({ ...limits, maxGenerations: 'infinite' }).success).toBe(false);
    expect(limitsSchema.safeParse({ ...limits, generationsUsed: 1.5 }).success).toBe(false);
  });
  it('marks a 402 answer with needsSubscription', () => {
    const body = { error: 'quota_exceeded', message: 'Upgrade', needsSubscription: true };
    expect(paymentRequiredSchema.parse(body)).toEqual(body);
    expect(paymentRequiredSchema.safeParse({ ...body, needsSubscription: false }).success).toBe(false);
  });
});
