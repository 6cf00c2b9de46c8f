/**
 * Cap flips as a person edits them: rows of a time ('12:30'), the side that captured and the score after it
 * (Allies first, '3-2'), checked before they are sent (PUT .../matches/{id}/cap_flips). A Warfare match starts at
 * 2-2 with the middle sector neutral; every capture gives the capturing side one more sector (the first fills the
 * middle, later ones are taken from the other side), so every score after a capture adds up to 5.
 */

export type Side = 'Allies' | 'Axis';
export const SIDES: readonly Side[] = ['Allies', 'Axis'];

/** One flip as the API stores it: seconds into the match, the capturing side, the score after it. */
export interface CapFlip {
  at: number;
  side: Side;
  new_score: string;
}

/** One flip as typed in the form. */
export interface CapFlipRow {
  time: string;
  side: string;
  score: string;
}

export type CapFlipRowErrors = Partial<Record<keyof CapFlipRow, string>>;

/** `last`: the index of the row of the last flip in time (of rows at the same time, the last typed; -1: none). */
export type CapFlipCheck = { ok: true; flips: CapFlip[]; last: number } | { ok: false; errors: CapFlipRowErrors[] };

/** The score of a match before its first capture. */
export const START_SCORE = '2-2';
const SECTORS = 5;

/** The scores a capture can leave (Allies first), Allies ahead first. */
export const SCORE_CHOICES: readonly string[] = ['5-0', '4-1', '3-2', '2-3', '1-4', '0-5'];

/** Seconds as 'm:ss' ('0:00', '12:05', '75:30'). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** 'm:ss' or whole minutes ('12') as seconds; undefined for anything else. */
export function parseClock(text: string): number | undefined {
  const m = /^\s*(\d{1,3})(?::([0-5]\d))?\s*$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 60 + Number(m[2] ?? 0);
}

/** 'A-X' as two counts, or undefined when it is not two digits from 0 to 5. */
export function parseScore(score: string): [number, number] | undefined {
  const m = /^\s*([0-5])\s*-\s*([0-5])\s*$/.exec(score);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** The score after `side` captures a sector at `previous` (undefined when it already holds all five). */
export function nextScore(previous: string, side: Side): string | undefined {
  const [allies, axis] = parseScore(previous) ?? [2, 2];
  const full = allies + axis >= SECTORS;
  const next: [number, number] =
    side === 'Allies' ? [allies + 1, full ? axis - 1 : axis] : [full ? allies - 1 : allies, axis + 1];
  if (next[0] > SECTORS || next[1] > SECTORS || next[0] < 0 || next[1] < 0) return undefined;
  return `${next[0]}-${next[1]}`;
}

/** The latest time a flip may have in a match of `durationMinutes` (whole minutes, rounded: half a minute more). */
export function lastSecond(durationMinutes: number): number {
  return durationMinutes > 0 ? Math.round(durationMinutes * 60) + 30 : 6 * 3600;
}

/** The rows the form starts from. */
export function rowsFromFlips(flips: readonly CapFlip[]): CapFlipRow[] {
  return [...flips]
    .sort((a, b) => a.at - b.at)
    .map((flip) => ({ time: formatClock(flip.at), side: flip.side, score: flip.new_score }));
}

/** A new row after `rows`: a minute after the last one, by the side that did not capture last, its score to match. */
export function nextRow(rows: readonly CapFlipRow[]): CapFlipRow {
  const last = rows.at(-1);
  const side: Side = last?.side === 'Allies' ? 'Axis' : 'Allies';
  const at = last ? (parseClock(last.time) ?? 0) + 60 : 5 * 60;
  const previous = last && parseScore(last.score) ? last.score : START_SCORE;
  return { time: formatClock(at), side, score: nextScore(previous, side) ?? '' };
}

/**
 * Checks the rows of a match lasting `durationMinutes`: each time within the match, each side Allies or Axis, each
 * score two counts from 0 to 5 adding up to 5, and every score following from the one before it (from 2-2, in
 * time order) by one capture of its side. Answers the flips in time order, or an error per row in words. (Whether
 * the last one ends at the recorded result is final-score.ts's, loaded only when the flips are sent.)
 */
export function validateCapFlips(rows: readonly CapFlipRow[], durationMinutes: number): CapFlipCheck {
  const errors: CapFlipRowErrors[] = rows.map(() => ({}));
  const limit = lastSecond(durationMinutes);
  const read = rows.map((row, i) => {
    const err = errors[i]!;
    const at = parseClock(row.time);
    if (at === undefined) err.time = 'Enter the time into the match as minutes:seconds, such as 12:30';
    else if (at > limit) err.time = `Must be within the match, from 0:00 to ${formatClock(limit)}`;
    const side = SIDES.find((s) => s === row.side);
    if (!side) err.side = 'Choose Allies or Axis';
    const score = parseScore(row.score);
    if (!score) err.score = 'Enter the score after the capture, Allies first, such as 3-2';
    else if (score[0] + score[1] !== SECTORS) err.score = 'The two counts of a score must add up to 5';
    return { index: i, at, side, score: row.score.replace(/\s/g, '') };
  });
  // Consistency runs in time order over the rows whose time is right (a stable sort keeps ties as typed); a row
  // whose score does not read leaves the next one unchecked rather than blamed for it.
  let previous: string | undefined = START_SCORE;
  const timed = read.filter((r) => r.at !== undefined && !errors[r.index]!.time);
  for (const flip of timed.sort((a, b) => (a.at ?? 0) - (b.at ?? 0))) {
    const err = errors[flip.index]!;
    const readable = !err.score;
    if (readable && previous && flip.side) {
      const expected = nextScore(previous, flip.side);
      if (expected !== flip.score)
        err.score = expected
          ? `After ${previous}, a capture by ${flip.side} makes ${expected}`
          : `At ${previous} ${flip.side} already holds every sector`;
    }
    previous = readable ? flip.score : undefined;
  }
  if (errors.some((e) => Object.keys(e).length > 0)) return { ok: false, errors };
  const flips = read
    .map((r) => ({ at: r.at ?? 0, side: r.side ?? 'Allies', new_score: r.score }))
    .sort((a, b) => a.at - b.at);
  return { ok: true, flips, last: timed.at(-1)?.index ?? -1 };
}

/**
 * The sector (0..4 from the left or top of the tactical map) a capture took: the next one out from the capturing
 * side's HQ. `leftSide` holds the left (or top) HQ. Undefined for an unreadable score.
 */
export function capturedSector(leftSide: Side, flip: Pick<CapFlip, 'side' | 'new_score'>): number | undefined {
  const score = parseScore(flip.new_score);
  if (!score) return undefined;
  const held = flip.side === 'Allies' ? score[0] : score[1];
  if (held < 1) return undefined;
  return flip.side === leftSide ? held - 1 : SECTORS - held;
}
