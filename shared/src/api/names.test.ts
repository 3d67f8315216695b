import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './auth';
import { createProjectFieldsSchema } from './projects';

describe('names in the API schemas', () => {
  it('are cleaned at the boundary (projects and sign-up)', () => {
    const fields = createProjectFieldsSchema.parse({
      name: 'Den\u202E\u0000 2',
      stagingMode: 'stage',
      roomType: 'office',
    });
    expect(fields.name).toBe('Den 2');
    const reg = registerRequestSchema.parse({
      email: 'a@b.co',
      password: 'long enough',
      firstName: '\u202Eana',
      lastName: '\u0000',
    });
    expect(reg).toMatchObject({ firstName: 'ana', lastName: undefined });
  });
});
