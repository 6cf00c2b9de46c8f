import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '#lib/client/api.ts';
import { EMPTY_TEAM, teamForm, type TeamFormValues } from '#lib/client/team-form.ts';
import { teamWinRates, recordAgainst, type TeamResult } from '#lib/domain/teams/record.ts';

/** A client whose team and request calls are recorded; `fail` makes them answer that error instead. */
function fakeClient(fail?: ApiError) {
  const calls: { call: string; args: unknown[] }[] = [];
  const answer = (call: string, tag: string, ...args: unknown[]) => {
    calls.push({ call, args });
    return fail ? Promise.reject(fail) : Promise.resolve({ tag });
  };
  const client = {
    teams: {
      create: (series: string, body: { tag: string }) => answer('create', body.tag, series, body),
      update: (series: string, tag: string, body: unknown) => answer('update', tag, series, tag, body),
    },
    teamRequests: { create: (body: { tag: string }) => answer('request', body.tag, body) },
  } as unknown as ApiClient;
  return { client, calls };
}

/** The island's way of setting a field of whichever form `teamForm` made. */
const setter = (form: ReturnType<typeof teamForm>) => form.setField as (name: string, value: string | boolean) => void;

const stored: TeamFormValues = { ...EMPTY_TEAM, name: 'Alpha', tag: '[A]', invite: 'https://discord.gg/a' };

describe('team forms', () => {
  it('creates a team in the series with empty URLs and role sent as null', async () => {
    const { client, calls } = fakeClient();
    const form = teamForm('create', { series: 'S3', tag: '' }, EMPTY_TEAM, client);
    setter(form)('name', ' New Team ');
    setter(form)('tag', '[NT]');
    expect(await form.submit()).toEqual({ ok: true, result: '[NT]' });
    expect(calls).toEqual([
      {
        call: 'create',
        args: ['S3', { name: 'New Team', tag: '[NT]', icon: null, invite: null, discord_role_id: null }],
      },
    ]);
  });

  it('edits every field but the tag and refuses a relative URL next to its field, sending nothing', async () => {
    const { client, calls } = fakeClient();
    const form = teamForm('edit', { series: 'S3', tag: '[A]' }, stored, client);
    expect(Object.keys(form.$form.get().values).sort()).toEqual(
      ['discord_role_id', 'icon', 'inactive', 'invite', 'name'].sort(),
    );
    setter(form)('icon', '/icon.png');
    expect(await form.submit()).toEqual({ ok: false });
    expect(form.$form.get().errors['icon']).toBe(
      'must be empty or an absolute http(s) URL such as https://example.org',
    );
    expect(calls).toEqual([]);
    setter(form)('icon', '');
    setter(form)('inactive', true);
    expect(await form.submit()).toEqual({ ok: true, result: '[A]' });
    expect(calls[0]!.args).toEqual([
      'S3',
      '[A]',
      { name: 'Alpha', icon: null, invite: 'https://discord.gg/a', discord_role_id: null, inactive: true },
    ]);
  });

  it('requests a registration and keeps what was typed when the server refuses it', async () => {
    const { client } = fakeClient(new ApiError(409, { error: "A team with the tag '[R]' already exists" }));
    const form = teamForm('request', { series: 'S3', tag: '' }, EMPTY_TEAM, client);
    setter(form)('name', 'Requested');
    setter(form)('tag', '[R]');
    setter(form)('contact', 'me#1');
    expect(await form.submit()).toEqual({ ok: false });
    const state = form.$form.get();
    expect(state.formError).toContain("'[R]' already exists");
    expect(state.values).toMatchObject({ name: 'Requested', tag: '[R]', contact: 'me#1' });
  });
});

describe('team record', () => {
  const results: TeamResult[] = [
    { map: 'carentan', victorSide: 'Allies', won: true, opponentId: 2 },
    { map: 'foy', victorSide: 'Axis', won: false, opponentId: 2 },
    { map: 'carentan', victorSide: 'Axis', won: true, opponentId: 3 },
    { map: 'kursk', victorSide: null, won: false, opponentId: null },
  ];
  it('counts win rates by map (most played first) and by the side the team played', () => {
    expect(teamWinRates(results, (id) => id.toUpperCase())).toEqual({
      byMap: [
        { map: 'CARENTAN', matches: 2, wins: 2 },
        { map: 'FOY', matches: 1, wins: 0 },
        { map: 'KURSK', matches: 1, wins: 0 },
      ],
      bySide: { Allies: { matches: 2, wins: 1 }, Axis: { matches: 1, wins: 1 } },
    });
  });
  it('counts the record against one opponent', () => {
    expect(recordAgainst(results, 2)).toEqual({ wins: 1, losses: 1 });
    expect(recordAgainst(results, 9)).toEqual({ wins: 0, losses: 0 });
  });
});
