import { z } from 'zod';

/** A team tag: 1-16 visible characters without slashes or whitespace (clan tags use brackets and symbols). */
export const teamTagSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(16, 'must be at most 16 characters')
  .regex(/^[^\s/\\?#%]+$/, 'must not contain spaces, slashes, ?, # or %');

export const teamNameSchema = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');
