import { atom, map, task, type MapStore } from 'nanostores';
import { ApiError } from '#lib/client/api-error.ts';
import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { notify } from '#lib/client/stores/notifications.ts';
import { matchUpdateFailed } from '#lib/matches/match-edits.ts';
import type { CapFlip, Side } from '#lib/matches/cap-flips.ts';
import type { RecordedResult } from '#lib/matches/final-score.ts';
import { layoutBody } from '#lib/map-art/layout.ts';
import type { TournamentChoice } from '#lib/matches/match-edits.ts';

/**
 * The match edits (spec section 7): tournament (PUT), cap flips (PUT), layout (PUT) and streams (PATCH), each an
 * editor with its own state. An editor checks what was typed before sending (errors next to their fields, nothing
 * sent), disables while sending, shows a 400 in the server's words (next to the field it names where it can) and
 * any other failure as 'Could not update match, status code: {status}'; nothing typed is ever cleared by a failure.
 */

/**
 * The result as last corrected on this page (match-correction.ts): the cap flips editor checks its flips against it
 * rather than the result the page was rendered with. Null until a correction is saved.
 */
export const $correctedResult = atom<RecordedResult | null>(null);

/** Which match the edits go to. */
export interface MatchRef {
  series: string;
  matchId: number;
}

export interface EditorState<Value, Errors> {
  value: Value;
  /** Field errors (per row for the lists); undefined when there are none. */
  errors: Errors | undefined;
  /** A failure that names no field. */
  formError: string | undefined;
  submitting: boolean;
}

/** A check of what was typed: the data to send, or the errors to show. */
export type Check<Data, Errors> = { ok: true; data: Data } | { ok: false; errors: Errors };

/** How a failed edit reads: a 400 in the server's words (`badRequest`), anything else by its status. */
export function editFailure(error: unknown): { badRequest: boolean; message: string } {
  if (error instanceof ApiError && error.status === 400)
    return { badRequest: true, message: error.serverMessage ?? error.message };
  return { badRequest: false, message: matchUpdateFailed(error instanceof ApiError ? error.status : 0) };
}

export interface Editor<Value, Errors, Data> {
  $state: MapStore<EditorState<Value, Errors>>;
  /** Replaces what was typed (clears the field errors: they belonged to the old value). */
  set: (value: Value) => void;
  /** Checks and sends; true when the match was changed. */
  submit: () => Promise<{ ok: true; data: Data } | { ok: false }>;
}

/**
 * One editor: `check` what was typed, `send` it, and on a 400 let `placeError` put the server's message next to
 * a field (undefined: it stays the form's error).
 */
export function createEditor<Value, Errors, Data>(options: {
  initial: Value;
  check: (value: Value) => Check<Data, Errors> | Promise<Check<Data, Errors>>;
  send: (data: Data) => Promise<unknown>;
  placeError?: (message: string, value: Value) => Errors | undefined;
  /** The value shown after a successful send (default: unchanged). */
  saved?: (data: Data, value: Value) => Value;
}): Editor<Value, Errors, Data> {
  const $state = map<EditorState<Value, Errors>>({
    value: options.initial,
    errors: undefined,
    formError: undefined,
    submitting: false,
  });
  return {
    $state,
    set(value) {
      $state.set({ ...$state.get(), value, errors: undefined });
    },
    submit() {
      return task(async () => {
        const value = $state.get().value;
        // A check that loads a schema is awaited; a plain one is not, so the form shows it is sending at once.
        const result = options.check(value);
        const checked = result instanceof Promise ? await result : result;
        if (!checked.ok) {
          $state.set({ ...$state.get(), errors: checked.errors, formError: undefined });
          return { ok: false as const };
        }
        $state.set({ ...$state.get(), errors: undefined, formError: undefined, submitting: true });
        try {
          await options.send(checked.data);
          const shown = options.saved ? options.saved(checked.data, $state.get().value) : $state.get().value;
          $state.set({ ...$state.get(), value: shown, submitting: false });
          return { ok: true as const, data: checked.data };
        } catch (error) {
          const failure = editFailure(error);
          const placed = failure.badRequest ? options.placeError?.(failure.message, value) : undefined;
          $state.set({
            ...$state.get(),
            submitting: false,
            errors: placed,
            formError: placed ? undefined : failure.message,
          });
          return { ok: false as const };
        }
      });
    },
  };
}

/** The map's sectors as GET /v3/maps/{map}/caps gives them (null: the map has no caps). */
export interface MapSectors {
  leftSide: Side;
  sectors: string[][];
}

/** What a sector's legend adds to 'Sector N': which HQ it is beside, or that it is the middle one. */
export function sectorPlace(caps: MapSectors, i: number): string {
  const other: Side = caps.leftSide === 'Allies' ? 'Axis' : 'Allies';
  if (i === 0) return ` (${caps.leftSide} HQ side)`;
  if (i === caps.sectors.length - 1) return ` (${other} HQ side)`;
  return i === 2 ? ' (middle)' : '';
}

/** The announcements of saved edits. */
export const savedWords = {
  tournament: (tag: string | null, tournaments: readonly TournamentChoice[]) => {
    if (!tag) return 'The match is no longer in a tournament.';
    const chosen = tournaments.find((t) => t.tag === tag);
    return `Tournament changed to ${chosen ? `${chosen.tag} ${chosen.name}` : tag}.`;
  },
  streams: (streams: Record<string, string>) => {
    const names = Object.keys(streams);
    return names.length ? `Streams saved: ${names.join(', ')}.` : 'The match has no streams now.';
  },
  capFlips: (flips: readonly CapFlip[]) => {
    const last = flips.at(-1);
    if (!last) return 'The match has no cap flips now.';
    return `Cap flips saved: ${flips.length} ${flips.length === 1 ? 'capture' : 'captures'}, ending ${last.new_score}.`;
  },
  layout: (layout: readonly (string | null)[]) => {
    const named = layout.filter((p): p is string => p !== null);
    return named.length ? `Layout saved: ${named.join(', ')}.` : 'The layout was cleared.';
  },
};

/** The layout editor: the strongpoint in play per sector (null: not known). */
export function layoutEditor(ref: MatchRef, current: (string | null)[], client?: Client) {
  return createEditor<(string | null)[], never, (string | null)[]>({
    initial: current,
    check: (chosen) => ({ ok: true, data: layoutBody(chosen) }),
    send: async (layout) => (await api(client)).matches.setLayout(ref.series, ref.matchId, layout),
  });
}

/** The parts of the match page an edit changes, marked `data-match-section` (header, details). */
export const SECTION_ATTRIBUTE = 'data-match-section';

export interface RefreshDeps {
  fetchPage: () => Promise<string>;
  document: Document;
  reload: () => void;
}

const browserDeps = (): RefreshDeps => ({
  fetchPage: async () => {
    const response = await fetch(window.location.href, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      cache: 'no-store',
    });
    if (!response.ok) throw new ApiError(response.status, undefined);
    return response.text();
  },
  document,
  reload: () => window.location.reload(),
});

/**
 * Shows what changed: the page is read again and its marked sections replace the ones on screen (the island and
 * what was typed in it stay); if the page cannot be read, the whole page reloads.
 */
export async function refreshMatchSections(deps: RefreshDeps = browserDeps()): Promise<void> {
  try {
    const fresh = new DOMParser().parseFromString(await deps.fetchPage(), 'text/html');
    for (const section of deps.document.querySelectorAll(`[${SECTION_ATTRIBUTE}]`)) {
      const name = section.getAttribute(SECTION_ATTRIBUTE);
      const next = fresh.querySelector(`[${SECTION_ATTRIBUTE}="${CSS.escape(name ?? '')}"]`);
      if (next) section.replaceWith(deps.document.importNode(next, true));
    }
  } catch {
    deps.reload();
  }
}

/** After a saved edit: a notification of what changed, then the page's sections read again. */
export async function announceEdit(message: string, refresh: () => Promise<void> = refreshMatchSections) {
  notify('success', message);
  await refresh();
}
