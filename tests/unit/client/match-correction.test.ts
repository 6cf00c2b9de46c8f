import { afterEach, describe, expect, it } from 'vitest';
import { cleanStores, type MapStore } from 'nanostores';
import { ApiError, type ApiClient } from '#lib/client/api.ts';
import { $correctedResult } from '#lib/client/match-edits.ts';
import {
  checkCorrection,
  correctionEditor,
  correctionSaved,
  correctionValues,
  placeCorrectionError,
} from '#lib/client/match-correction.ts';

const ref = { series: 'S3', matchId: 1496 };
const match = {
  date: '2026-03-01T18:05:00.000Z',
  teams: ['AAA', 'BBB'] as const,
  result: '3-2',
  victorSide: 'Allies' as const,
};

function fakeClient(fail?: unknown) {
  const calls: unknown[] = [];
  const client = {
    matches: {
      correct: (_s: string, _id: number, body: unknown) => {
        calls.push(body);
        return fail ? Promise.reject(fail) : Promise.resolve(undefined);
      },
    },
  } as unknown as ApiClient;
  return { client, calls };
}

describe('match correction', () => {
  const stores: MapStore[] = [];
  afterEach(() => {
    cleanStores(...stores);
    $correctedResult.set(null);
  });

  it('starts from the match as recorded, its date in UTC', () => {
    expect(correctionValues({ ...match, victorSide: null })).toMatchObject({ victorSide: '' });
    expect(correctionValues(match)).toEqual({
      date: '2026-03-01T18:05',
      winner: 'AAA',
      result: '3-2',
      victorSide: 'Allies',
    });
  });

  it('checks every field in words before sending', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    expect(checkCorrection({ date: '', winner: 'CCC', result: '2-2', victorSide: '' }, match.teams, now)).toEqual({
      ok: false,
      errors: {
        date: 'Give the date and time the match was played (UTC)',
        winner: 'Choose the winner: AAA or BBB',
        result: 'Choose 5-0, 4-1 or 3-2',
        victorSide: 'Choose Allies or Axis',
      },
    });
    expect(
      checkCorrection({ date: '2026-04-01T10:00', winner: 'BBB', result: '4-1', victorSide: 'Axis' }, match.teams, now),
    ).toEqual({ ok: false, errors: { date: 'The match cannot be dated in the future' } });
    expect(
      checkCorrection({ date: '2026-03-02T10:00', winner: 'BBB', result: '4-1', victorSide: 'Axis' }, match.teams, now),
    ).toEqual({
      ok: true,
      data: { date: '2026-03-02T10:00:00.000Z', winner: 'BBB', result: '4-1', victor_side: 'Axis' },
    });
  });

  it('sends the correction, records the corrected result for the cap flips editor, and keeps a refusal next to its field', async () => {
    const ok = fakeClient();
    const editor = correctionEditor(ref, match, ok.client);
    stores.push(editor.$state);
    editor.set({ date: '2026-03-01T18:05', winner: 'BBB', result: '4-1', victorSide: 'Axis' });
    expect((await editor.submit()).ok).toBe(true);
    expect(ok.calls).toEqual([{ date: '2026-03-01T18:05:00.000Z', winner: 'BBB', result: '4-1', victor_side: 'Axis' }]);
    expect($correctedResult.get()).toEqual({ result: '4-1', victorSide: 'Axis' });

    const message = "Invalid field 'winner': must be one of the match's teams, AAA or BBB";
    const refused = correctionEditor(ref, match, fakeClient(new ApiError(400, { error: message })).client);
    stores.push(refused.$state);
    await refused.submit();
    expect(refused.$state.get()).toMatchObject({ errors: { winner: message }, formError: undefined });
    const approved = correctionEditor(ref, match, fakeClient(new ApiError(403, { error: 'approved' })).client);
    stores.push(approved.$state);
    await approved.submit();
    expect(approved.$state.get().formError).toBe('Could not update match, status code: 403');
  });

  it('places server refusals by the field they name and words a saved correction', () => {
    expect(placeCorrectionError("Invalid field 'victor_side': must be Allies or Axis")).toEqual({
      victorSide: "Invalid field 'victor_side': must be Allies or Axis",
    });
    expect(placeCorrectionError('The match is dated 2030-01-01 10:00 UTC, later than now')).toHaveProperty('date');
    expect(placeCorrectionError("The match's cap flips end at 3-2 (Allies-Axis)")).toBeUndefined();
    expect(
      correctionSaved({ date: '2026-03-02T10:00:00.000Z', winner: 'BBB', result: '4-1', victor_side: 'Axis' }),
    ).toBe('Match corrected: BBB won 4-1 as Axis, played 2026-03-02 10:00 UTC.');
  });
});
