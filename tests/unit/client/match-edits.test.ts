import { afterEach, describe, expect, it } from 'vitest';
import { allTasks, cleanStores, type MapStore } from 'nanostores';
import { ApiError, type ApiClient } from '#lib/client/api.ts';
import { $correctedResult, editFailure, layoutEditor, savedWords, sectorPlace } from '#lib/client/match-edits.ts';
import { tournamentEditor } from '#lib/client/match-edit-tournament.ts';
import { capFlipsContradictResult } from '#lib/matches/final-score.ts';
import { capFlipsEditor, sectorTaken } from '#lib/client/match-edit-cap-flips.ts';
import { checkStreams, streamsEditor } from '#lib/client/match-edit-streams.ts';

const ref = { series: 'S3', matchId: 1496 };

/** A client whose match edits are recorded; `fail` makes them answer that error instead. */
function fakeClient(fail?: unknown) {
  const calls: { call: string; body: unknown }[] = [];
  const answer = (call: string, body: unknown) => {
    calls.push({ call, body });
    return fail ? Promise.reject(fail) : Promise.resolve(undefined);
  };
  const client = {
    matches: {
      setTournament: (_s: string, _id: number, tag: string | null) => answer('tournament', tag),
      setStreams: (_s: string, _id: number, streams: unknown) => answer('streams', streams),
      setCapFlips: (_s: string, _id: number, flips: unknown) => answer('cap_flips', flips),
      setLayout: (_s: string, _id: number, layout: unknown) => answer('layout', layout),
    },
  } as unknown as ApiClient;
  return { client, calls };
}

describe('match edits', () => {
  const stores: MapStore[] = [];
  const keep = <T extends { $state: MapStore }>(editor: T) => (stores.push(editor.$state), editor);
  afterEach(() => cleanStores(...stores));

  it("words a 400 in the server's words and any other failure as 'Could not update match, status code: {status}'", () => {
    expect(editFailure(new ApiError(400, { error: "Invalid field 'x': bad" }))).toEqual({
      badRequest: true,
      message: "Invalid field 'x': bad",
    });
    expect(editFailure(new ApiError(403, { error: 'You are not allowed to do this' }))).toEqual({
      badRequest: false,
      message: 'Could not update match, status code: 403',
    });
    expect(editFailure(new ApiError(0, undefined)).message).toBe('Could not update match, status code: 0');
  });

  it('puts the match into a tournament or takes it out (none is sent as null)', async () => {
    const { client, calls } = fakeClient();
    const editor = keep(tournamentEditor(ref, 'CUP3', client));
    expect(editor.$state.get().value).toBe('CUP3');
    editor.set('');
    expect(await editor.submit()).toEqual({ ok: true, data: null });
    editor.set('CUP2');
    expect(await editor.submit()).toEqual({ ok: true, data: 'CUP2' });
    expect(calls).toEqual([
      { call: 'tournament', body: null },
      { call: 'tournament', body: 'CUP2' },
    ]);
  });

  it('keeps the choice and shows the status line when the server refuses for another reason than a field', async () => {
    const editor = keep(tournamentEditor(ref, null, fakeClient(new ApiError(500, { error: 'Internal' })).client));
    editor.set('CUP3');
    void editor.submit();
    expect(editor.$state.get().submitting).toBe(true);
    await allTasks();
    expect(editor.$state.get()).toEqual({
      value: 'CUP3',
      errors: undefined,
      formError: 'Could not update match, status code: 500',
      submitting: false,
    });
  });

  it('checks streams before sending: names needed and distinct, http(s) addresses, empty rows dropped', async () => {
    expect(
      await checkStreams([
        { name: ' caster ', url: 'https://twitch.tv/caster' },
        { name: '', url: '' },
        { name: 'second', url: 'http://youtube.com/live' },
      ]),
    ).toEqual({ ok: true, data: { caster: 'https://twitch.tv/caster', second: 'http://youtube.com/live' } });
    expect(
      await checkStreams([
        { name: 'caster', url: 'twitch.tv/caster' },
        { name: '', url: 'https://twitch.tv/x' },
        { name: 'caster', url: 'https://twitch.tv/y' },
        { name: 'ftp', url: 'ftp://example.org' },
      ]),
    ).toEqual({
      ok: false,
      errors: [
        { url: 'must be an absolute http(s) URL' },
        { name: 'Give the stream a name (the streamer)' },
        { name: 'Another stream has this name' },
        { url: 'must be an absolute http(s) URL' },
      ],
    });
  });

  it("sends the streams as one map and puts the server's 400 next to the row it names, keeping what was typed", async () => {
    const ok = fakeClient();
    const editor = keep(streamsEditor(ref, { old: 'https://twitch.tv/old' }, ok.client));
    expect(editor.$state.get().value).toEqual([{ name: 'old', url: 'https://twitch.tv/old' }]);
    editor.set([{ name: 'caster', url: ' https://twitch.tv/caster ' }]);
    expect(await editor.submit()).toEqual({ ok: true, data: { caster: 'https://twitch.tv/caster' } });
    expect(ok.calls).toEqual([{ call: 'streams', body: { caster: 'https://twitch.tv/caster' } }]);
    expect(editor.$state.get().value).toEqual([{ name: 'caster', url: 'https://twitch.tv/caster' }]);

    const message = "Invalid field 'streams.caster': must be an absolute http(s) URL";
    const refused = keep(streamsEditor(ref, {}, fakeClient(new ApiError(400, { error: message })).client));
    const typed = [
      { name: 'other', url: 'https://twitch.tv/other' },
      { name: 'caster', url: 'https://twitch.tv/caster' },
    ];
    refused.set(typed);
    expect(await refused.submit()).toEqual({ ok: false });
    expect(refused.$state.get()).toMatchObject({ value: typed, errors: [{}, { url: message }], formError: undefined });

    const forbidden = keep(streamsEditor(ref, {}, fakeClient(new ApiError(403, {})).client));
    forbidden.set(typed);
    await forbidden.submit();
    expect(forbidden.$state.get()).toMatchObject({
      value: typed,
      errors: undefined,
      formError: 'Could not update match, status code: 403',
    });
  });

  it('sends nothing for inconsistent cap flips and saves consistent ones in time order', async () => {
    const { client, calls } = fakeClient();
    const editor = keep(capFlipsEditor(ref, [], 40, { result: '3-2', victorSide: 'Axis' }, client));
    editor.set([
      { time: '20:00', side: 'Axis', score: '2-3' },
      { time: '10:00', side: 'Allies', score: '4-1' },
    ]);
    expect(await editor.submit()).toEqual({ ok: false });
    expect(calls).toEqual([]);
    expect(editor.$state.get().errors).toEqual([
      { score: 'After 4-1, a capture by Axis makes 3-2' },
      { score: 'After 2-2, a capture by Allies makes 3-2' },
    ]);
    editor.set([
      { time: '20:00', side: 'Axis', score: '2-3' },
      { time: '10:00', side: 'Allies', score: '3-2' },
    ]);
    expect((await editor.submit()).ok).toBe(true);
    expect(calls).toEqual([
      {
        call: 'cap_flips',
        body: [
          { at: 600, side: 'Allies', new_score: '3-2' },
          { at: 1200, side: 'Axis', new_score: '2-3' },
        ],
      },
    ]);
    expect(editor.$state.get().value.map((r) => r.time)).toEqual(['10:00', '20:00']);
  });

  it('sends nothing when the last cap flip contradicts the recorded result, and says so next to its score', async () => {
    const { client, calls } = fakeClient();
    const editor = keep(capFlipsEditor(ref, [], 40, { result: '4-1', victorSide: 'Allies' }, client));
    editor.set([
      { time: '20:00', side: 'Axis', score: '2-3' },
      { time: '10:00', side: 'Allies', score: '3-2' },
    ]);
    expect(await editor.submit()).toEqual({ ok: false });
    expect(calls).toEqual([]);
    expect(editor.$state.get().errors).toEqual([{ score: capFlipsContradictResult('2-3', '4-1') }, {}]);
    // A result corrected on the page since (the correction form) is the one the flips must end at.
    $correctedResult.set({ result: '3-2', victorSide: 'Axis' });
    try {
      expect((await editor.submit()).ok).toBe(true);
    } finally {
      $correctedResult.set(null);
    }
    // No flips contradict nothing: clearing them is always allowed.
    editor.set([]);
    expect((await editor.submit()).ok).toBe(true);
    expect(calls.map((c) => c.body)).toEqual([
      [
        { at: 600, side: 'Allies', new_score: '3-2' },
        { at: 1200, side: 'Axis', new_score: '2-3' },
      ],
      [],
    ]);
  });

  it('sends the layout as one strongpoint (or null) per sector, and an empty list when none is chosen', async () => {
    const { client, calls } = fakeClient();
    const editor = keep(layoutEditor(ref, [null, null, null, null, null], client));
    editor.set(['Blactot', null, 'Town Center', null, null]);
    await editor.submit();
    editor.set([null, null, null, null, null]);
    await editor.submit();
    expect(calls).toEqual([
      { call: 'layout', body: ['Blactot', null, 'Town Center', null, null] },
      { call: 'layout', body: [] },
    ]);
  });

  it("hints at the sector a cap flip takes and words each saved edit's announcement", () => {
    const caps = { leftSide: 'Axis' as const, sectors: [['A1'], ['B1', 'B2'], ['C1'], ['D1'], ['E1']] };
    expect(sectorTaken(caps, [null, 'B2'], { time: '1:00', side: 'Allies', score: '2-3' })).toBe('Takes sector 4: D1');
    expect(sectorTaken(caps, [null, 'B2'], { time: '1:00', side: 'Axis', score: '3-2' })).toBe('Takes sector 2: B2');
    expect(sectorTaken(caps, [], { time: '1:00', side: 'Axis', score: '3-2' })).toBe('Takes sector 2: B1 / B2');
    expect(sectorTaken(caps, [], { time: '1:00', side: '', score: '3-2' })).toBeNull();
    expect(sectorTaken(null, [], { time: '1:00', side: 'Axis', score: '3-2' })).toBeNull();
    expect([0, 1, 2, 4].map((i) => sectorPlace(caps, i))).toEqual([
      ' (Axis HQ side)',
      '',
      ' (middle)',
      ' (Allies HQ side)',
    ]);
    expect(savedWords.tournament('T1', [{ tag: 'T1', name: 'Cup' }])).toBe('Tournament changed to T1 Cup.');
    expect(savedWords.tournament(null, [])).toBe('The match is no longer in a tournament.');
    expect(savedWords.streams({ a: 'https://a', b: 'https://b' })).toBe('Streams saved: a, b.');
    expect(savedWords.capFlips([{ at: 60, side: 'Axis', new_score: '2-3' }])).toBe(
      'Cap flips saved: 1 capture, ending 2-3.',
    );
    expect(savedWords.layout([null, null])).toBe('The layout was cleared.');
  });
});
