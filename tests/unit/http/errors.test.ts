import { describe, expect, it } from 'vitest';
import { HttpError, badRequest } from '#lib/server/core/errors.ts';

describe('HttpError', () => {
  it('is recognised when made by another copy of its module (the built site beside src/)', async () => {
    // A query makes the loader evaluate the file again: a second copy, as dist/ holds beside src/.
    const copy = '../../../src/lib/server/core/errors.ts?another-copy';
    const other = (await import(/* @vite-ignore */ copy)) as typeof import('#lib/server/core/errors.ts');
    expect(other.HttpError).not.toBe(HttpError);
    const error = other.badRequest('MultipleMatches', { matches: [] });
    expect(error).toBeInstanceOf(HttpError);
    expect(badRequest('x')).toBeInstanceOf(other.HttpError);
  });

  it('is not claimed by other errors', () => {
    expect(new Error('MultipleMatches')).not.toBeInstanceOf(HttpError);
    expect(Object.assign(new Error('x'), { name: 'HttpError', status: 400 })).not.toBeInstanceOf(HttpError);
    expect(null).not.toBeInstanceOf(HttpError);
  });
});
