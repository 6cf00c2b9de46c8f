import { describe, expect, it } from 'vitest';
import { HttpError } from '#lib/server/core/errors.ts';

describe('HttpError', () => {
  it('is not claimed by other errors', () => {
    expect(new Error('MultipleMatches')).not.toBeInstanceOf(HttpError);
    expect(Object.assign(new Error('x'), { name: 'HttpError', status: 400 })).not.toBeInstanceOf(HttpError);
    expect(null).not.toBeInstanceOf(HttpError);
  });
});
