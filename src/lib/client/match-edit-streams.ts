import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createEditor, type Check, type MatchRef } from '#lib/client/match-edits.ts';

/* The streams editor of a match (its own module: only the streams form loads it). */

export interface StreamRow {
  name: string;
  url: string;
}
export type StreamRowErrors = Partial<Record<keyof StreamRow, string>>;

/** The rows the streams form starts from, in the order stored. */
export function streamRows(streams: Record<string, string>): StreamRow[] {
  return Object.entries(streams).map(([name, url]) => ({ name, url }));
}

/**
 * Checks the stream rows with the server's schema (loaded with the check: zod is not part of the first tap): a row
 * left empty is dropped; every other needs a name, an absolute http(s) address and a name no other row has.
 */
export async function checkStreams(
  rows: readonly StreamRow[],
): Promise<Check<Record<string, string>, StreamRowErrors[]>> {
  const { streamsInputSchema } = await import('#lib/schemas/match-input.ts');
  const errors: StreamRowErrors[] = rows.map(() => ({}));
  const streams: Record<string, string> = {};
  const rowOf = new Map<string, number>();
  rows.forEach((row, i) => {
    const name = row.name.trim();
    const url = row.url.trim();
    if (!name && !url) return;
    if (!name) errors[i]!.name = 'Give the stream a name (the streamer)';
    else if (rowOf.has(name)) errors[i]!.name = 'Another stream has this name';
    else {
      rowOf.set(name, i);
      streams[name] = url;
    }
  });
  const parsed = streamsInputSchema.safeParse({ streams });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const row = issue.path.length > 1 ? rowOf.get(String(issue.path[1])) : undefined;
      if (row === undefined) errors[0] = { ...errors[0], name: errors[0]?.name ?? issue.message };
      else if (issue.code === 'invalid_key') errors[row]!.name ??= issue.issues[0]?.message ?? issue.message;
      else errors[row]!.url ??= issue.message;
    }
  }
  if (errors.some((e) => Object.keys(e).length > 0)) return { ok: false, errors };
  return { ok: true, data: parsed.success ? parsed.data.streams : streams };
}

/** Puts a server 400 about 'streams.NAME' next to that row's address (or name, when it speaks of names). */
export function placeStreamError(message: string, rows: readonly StreamRow[]): StreamRowErrors[] | undefined {
  const named = /'streams\.(.+?)'/.exec(message)?.[1];
  const row = named === undefined ? -1 : rows.findIndex((r) => r.name.trim() === named);
  if (row < 0) return undefined;
  return rows.map((_, i) => (i === row ? (/stream names/.test(message) ? { name: message } : { url: message }) : {}));
}

/** The streams editor (PATCH .../matches/{id} {streams}: the whole map is replaced). */
export function streamsEditor(ref: MatchRef, current: Record<string, string>, client?: Client) {
  return createEditor<StreamRow[], StreamRowErrors[], Record<string, string>>({
    initial: streamRows(current),
    check: checkStreams,
    send: async (streams) => (await api(client)).matches.setStreams(ref.series, ref.matchId, streams),
    placeError: placeStreamError,
    saved: (streams) => streamRows(streams),
  });
}
