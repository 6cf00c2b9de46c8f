import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { $correctedResult, createEditor, type MapSectors, type MatchRef } from '#lib/client/match-edits.ts';
import {
  capturedSector,
  rowsFromFlips,
  validateCapFlips,
  type CapFlip,
  type CapFlipRow,
  type CapFlipRowErrors,
} from '#lib/matches/cap-flips.ts';
import type { RecordedResult } from '#lib/matches/final-score.ts';

/* The cap flips editor of a match (its own module: only the cap flips form loads the cap flip rules). */

/**
 * The cap flips editor: rows checked against the match's duration and its recorded result (the last flip must end
 * at it; a correction saved on the page since, $correctedResult, takes its place), saved in time order.
 */
export function capFlipsEditor(
  ref: MatchRef,
  current: readonly CapFlip[],
  durationMinutes: number,
  recorded: RecordedResult,
  client?: Client,
) {
  return createEditor<CapFlipRow[], CapFlipRowErrors[], CapFlip[]>({
    initial: rowsFromFlips(current),
    check: async (rows) => {
      const checked = validateCapFlips(rows, durationMinutes);
      if (!checked.ok) return { ok: false, errors: checked.errors };
      // Loaded when the flips are sent, not with the form.
      const { contradictionErrors } = await import('#lib/matches/final-score.ts');
      const errors = contradictionErrors(rows.length, checked.last, checked.flips, $correctedResult.get() ?? recorded);
      return errors ? { ok: false, errors } : { ok: true, data: checked.flips };
    },
    send: async (flips) => (await api(client)).matches.setCapFlips(ref.series, ref.matchId, flips),
    saved: (flips) => rowsFromFlips(flips),
  });
}

/**
 * What a cap flip row takes, as its hint reads: 'Takes sector N: STRONGPOINT' (the chosen strongpoint, else the
 * sector's strongpoints), or null while its side or score says no sector.
 */
export function sectorTaken(caps: MapSectors | null, chosen: readonly (string | null)[], row: CapFlipRow) {
  if (!caps || (row.side !== 'Allies' && row.side !== 'Axis')) return null;
  const sector = capturedSector(caps.leftSide, { side: row.side, new_score: row.score });
  if (sector === undefined) return null;
  const where = chosen[sector] ?? caps.sectors[sector]?.join(' / ') ?? '';
  return `Takes sector ${sector + 1}${where ? `: ${where}` : ''}`;
}
