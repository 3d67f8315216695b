import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema } from './auth';

describe('registerRequestSchema', () => {
  it('refuses an address longer than mail can carry, with a sentence', () => {
    const long = `${'a'.repeat(10_000)}@example.com`;
    const res = registerRequestSchema.safeParse({ email: long, password: 'long enough 1' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Please enter an email address of at most 254 characters.');
    expect(loginRequestSchema.safeParse({ email: long, password: 'x' }).success).toBe(false);
    const fits = `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`;
    expect(registerRequestSchema.safeParse({ email: fits, password: 'long enough 1' }).success).toBe(true);
  });

  it('trims and lowercases the email, and refuses an invalid one with a sentence', () => {
    const parsed = registerRequestSchema.parse({ email: '  Ana@Example.COM ', password: 'long enough 1' });
    expect(parsed.email).toBe('ana@example.com');
    expect(() => registerRequestSchema.parse({ email: 'nope', password: 'long enough 1' })).toThrow(
      /valid email/,
    );
  });
  it('needs a password of 8 to 200 characters', () => {
    const email = 'a@b.co';
    expect(registerRequestSchema.safeParse({ email, password: '1234567' }).success).toBe(false);
    expect(registerRequestSchema.safeParse({ email, password: '12345678' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ email, password: 'p'.repeat(201) }).success).toBe(false);
  });
  it('trims names, drops blank ones and caps them at 100', () => {
    const parsed = registerRequestSchema.parse({
      email: 'a@b.co',
      password: '12345678',
      firstName: '  Ana ',
      lastName: '   ',
    });
    expect(parsed.firstName).toBe('Ana');
    expect(parsed.lastName).toBeUndefined();
    expect(
      registerRequestSchema.safeParse({ email: 'a@b.co', password: '12345678', firstName: 'x'.repeat(101) })
        .success,
    ).toBe(false);
  });
  it('normalises the login email the same way', () => {
    expect(loginRequestSchema.parse({ email: ' BOB@x.io', password: 'secret' }).email).toBe('bob@x.io');
    expect(loginRequestSchema.safeParse({ email: 'bob@x.io', password: '' }).success).toBe(false);
  });
});
