import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact';

describe('contactMessageSchema', () => {
  it('defaults the contact category to general and requires the text fields', () => {
    const message = { name: 'Ana', email: 'ANA@x.io', subject: 'Hi', message: 'Hello there' };
    expect(contactMessageSchema.parse(message)).toEqual({
      ...message,
      email: 'ana@x.io',
      category: 'general',
    });
    expect(contactMessageSchema.safeParse({ ...message, category: 'sales' }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...message, subject: '  ' }).success).toBe(false);
  });
});
