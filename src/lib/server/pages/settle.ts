import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import type { Settled } from '#lib/schemas/settled.ts';

export type { Settled };

/**
 * Runs one independent part of a page: its failure becomes a message for that part's error notice instead of
 * failing the whole page. Expected failures (HttpError) show their catalogue message; others are logged and
 * shown as the generic internal error.
 */
export async function settle<T>(load: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: await load() };
  } catch (error) {
    if (error instanceof HttpError) return { error: error.message };
    console.error('A page section failed to load:', error);
    return { error: messages.internal };
  }
}
