import type { ApiClient } from './api.ts';

/**
 * The API client, loaded with its zod schemas on an island's first call rather than with the island: a first tap
 * (typing, opening a menu) needs neither, and they are most of an island's weight (ui.md "Budget"). `client`: one
 * given instead (tests).
 */
export function api(client?: ApiClient): Promise<ApiClient> {
  return client ? Promise.resolve(client) : import('./api.ts').then((m) => m.apiClient());
}
