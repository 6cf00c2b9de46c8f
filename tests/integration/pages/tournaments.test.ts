import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { signedInUser } from '#tests/helpers/read-fixtures.ts';
import { parseHtml } from '#tests/helpers/html-dom.ts';

type Db = Kysely<Database>;

interface Played {
  series: number;
  tournament: number | null;
  winner: [string, number | null];
  loser: [string, number | null];
  day: number;
  status?: 'posted' | 'disputed';
  visibility?: 'public' | 'private';
}

async function insertMatch(db: Db, m: Played): Promise<void> {
  await db
    .insertInto('matches')
    .values({
      series_id: m.series,
      title: null,
      type: 'event',
      tournament_id: m.tournament,
      map: 'carentan',
      date: new Date(Date.UTC(2026, 0, 1, 0, 0) + m.day * 3_600_000),
      result: '5-0',
      victor_side: 'Allies',
      winner_tag: m.winner[0],
      loser_tag: m.loser[0],
      winner_team_id: m.winner[1],
      loser_team_id: m.loser[1],
      calculation_status: m.status ?? 'posted',
      visibility: m.visibility ?? 'public',
      submitted_by_tag: null,
      submitted_by_username: null,
      gamemode: null,
      kill_statistics: null,
      submitted_by_team_id: null,
      submitted_by_user_id: null,
      url: null,
      log_upload_id: null,
      log_format: null,
      log_match_index: null,
      import_key: null,
    })
    .execute();
}

/**
 * Series S1 (tournament T1 is in it) and S2 (current). T1 has 24 public matches in S1, 23 undisputed in S1: AAA beats BBB
 * 13 times, BBB beats the unregistered ZZZ 10 times; left out of its records: a disputed and a private report
 * (CCC over AAA), a match of S2 tagged T1, and an S1 match outside the tournament.
 */
async function arrange(db: Db) {
  const series = async (tag: string, current: boolean) =>
    (
      await db
        .insertInto('series')
        .values({ tag, name: `Season ${tag.slice(1)}`, is_current: current })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const s1 = await series('S1', false);
  const s2 = await series('S2', true);
  const team = async (tag: string) =>
    (
      await db
        .insertInto('teams')
        .values({ tag, name: `Team ${tag}`, icon: null, invite: null, discord_role_id: null, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const aaa: [string, number] = ['AAA', await team('AAA')];
  const bbb: [string, number] = ['BBB', await team('BBB')];
  const ccc: [string, number] = ['CCC', await team('CCC')];
  const zzz: [string, null] = ['ZZZ', null];
  const t1 = (
    await db
      .insertInto('tournaments')
      .values({
        tag: 'T1',
        name: 'Spring Cup',
        icon: null,
        invite: 'https://discord.gg/spring',
        series_id: s1,
        starts_at: null,
        ends_at: null,
        event: true,
        description: 'Line one\nLine two',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (let i = 0; i < 13; i++) await insertMatch(db, { series: s1, tournament: t1, winner: aaa, loser: bbb, day: i });
  for (let i = 0; i < 10; i++)
    await insertMatch(db, { series: s1, tournament: t1, winner: bbb, loser: zzz, day: 20 + i });
  await insertMatch(db, { series: s1, tournament: t1, winner: ccc, loser: aaa, day: 40, status: 'disputed' });
  await insertMatch(db, { series: s1, tournament: t1, winner: ccc, loser: aaa, day: 41, visibility: 'private' });
  await insertMatch(db, { series: s2, tournament: t1, winner: ccc, loser: aaa, day: 42 });
  await insertMatch(db, { series: s1, tournament: null, winner: ccc, loser: aaa, day: 43 });
  // A finished knockout cup of S1: semi-finals AAA over CCC and BBB over the unregistered ZZZ, then the final.
  const ko = (
    await db
      .insertInto('tournaments')
      .values({
        tag: 'KO',
        name: 'Knockout Cup',
        icon: null,
        invite: null,
        series_id: s1,
        starts_at: new Date('2026-03-01T00:00:00Z'),
        ends_at: new Date('2026-03-08T00:00:00Z'),
        event: true,
        active: false,
        description: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await insertMatch(db, { series: s1, tournament: ko, winner: aaa, loser: ccc, day: 50 });
  await insertMatch(db, { series: s1, tournament: ko, winner: bbb, loser: zzz, day: 51 });
  await insertMatch(db, { series: s1, tournament: ko, winner: aaa, loser: bbb, day: 52 });
}

// One step at a time: ultrahtml's selector does not match a descendant chain of three ('#id tbody tr').
const rowsOf = (html: string, id: string) => parseHtml(html).all(`#${id}`)[0]?.all('tbody')[0]?.all('tr') ?? [];

describe.each(engines)('tournament pages on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    await arrange(server.db);
    admin = (await signedInUser(server.db, 'admin', { roles: ['ADMIN'] })).cookie;
  });
  afterAll(() => server.close());

  const page = async (path: string, cookie?: string) => {
    const response = await server.fetch(path, cookie ? { headers: { cookie } } : {});
    return { status: response.status, html: await response.text() };
  };

  it('lists the tournaments with their series, dates, status, teams, winner and invite; only admins get "Create tournament"', async () => {
    const { status, html } = await page('/statistics/tournaments?series=S2');
    expect(status).toBe(200);
    const rows = rowsOf(html, 'tournament-list');
    expect(rows.map((r) => r.all('th, td').map((c) => c.text))).toEqual([
      // Newest first. A finished cup names its winner and its own dates; a running one the dates of its matches.
      ['KO KO Knockout Cup', 'Series S1', 'Event', 'Mar 1, 2026 – Mar 8, 2026', 'Finished', 'Teams 4', 'AA AAA', '–'],
      [
        'T1 T1 Spring Cup',
        'Series S1',
        'Event',
        'Jan 1, 2026 – Jan 2, 2026',
        'Running',
        'Teams 3',
        '–',
        'Join Spring Cup',
      ],
    ]);
    expect(rows[0]?.all('a').map((a) => a.attrs['href'])).toEqual([
      '/statistics/tournaments/KO?series=S2',
      '/teams/AAA?series=S2',
    ]);
    expect(rows[1]?.all('a')[0]?.attrs['href']).toBe('/statistics/tournaments/T1?series=S2');
    expect(html).not.toContain('Create tournament');
    const asAdmin = await page('/statistics/tournaments?series=S2', admin);
    expect(
      parseHtml(asAdmin.html)
        .all('a.button')
        .map((a) => [a.text, a.attrs['href']]),
    ).toContainEqual(['Create tournament', '/statistics/tournaments/add?series=S2']);
  });

  it("says 'Could not load tournaments' when the list fails, and still renders the page", async () => {
    // Behind the site's back (no change notice), so that the shell keeps the active tournaments it read.
    const raw = server.db.withoutPlugins();
    await sql`alter table tournaments rename to tournaments_away`.execute(raw);
    try {
      const { status, html } = await page('/statistics/tournaments?series=S2', admin);
      expect(status).toBe(200);
      expect(parseHtml(html).all('#tournament-list')[0]?.text).toMatch(/Could not load tournaments\. Error: \S/);
    } finally {
      await sql`alter table tournaments_away rename to tournaments`.execute(raw);
    }
  });

  it('shows the 10 newest matches of its own series with a link to more, and pages through the rest', async () => {
    const first = await page('/statistics/tournaments/t1?series=S2');
    expect(first.status).toBe(200);
    const doc = parseHtml(first.html);
    expect(doc.all('h1')[0]?.text).toBe('T1 Spring Cup T1');
    expect(doc.all('.facts')[0]?.text).toBe('Event · Running · Season 1');
    const rows = rowsOf(first.html, 'tournament-matches');
    expect(rows).toHaveLength(10);
    // Newest first: the disputed report (listed, with its status, but left out of the records), then BBB's wins.
    expect(rows.map((r) => r.text)).toEqual([
      expect.stringMatching(/CCC Team CCC 5-0 AA AAA Team AAA Carentan Disputed by opponent$/),
      ...Array.from({ length: 9 }, () => expect.stringMatching(/BBB Team BBB 5-0 ZZZ unregistered Carentan Posted$/)),
    ]);
    expect(doc.all('#tournament-matches')[0]?.all('.summary')[0]?.text).toBe('1–10 of 24');
    const more = (doc.all('#tournament-matches')[0]?.all('a[rel="next"]') ?? []).map((a) => [a.text, a.attrs['href']]);
    expect(more).toContainEqual(['More matches', '/statistics/tournaments/t1?series=S2&page=1']);

    const last = await page('/statistics/tournaments/T1?series=S2&page=2');
    expect(rowsOf(last.html, 'tournament-matches')).toHaveLength(4);
    expect(
      parseHtml(last.html)
        .all('#tournament-matches a')
        .map((a) => a.text),
    ).not.toContain('More matches');
  });

  it("gives every team its record over the tournament's public, undisputed matches in its series", async () => {
    const { html } = await page('/statistics/tournaments/T1?series=S1');
    const records = rowsOf(html, 'tournament-teams').map((r) => r.all('th, td').map((c) => c.text));
    expect(records).toEqual([
      // Rank, team, W–L, matches and sectors (labelled where a phone stacks the row), points, share won.
      ['1.', 'AA AAA Team AAA', '13–0', 'Matches 13', 'Sectors 65:0 (+65)', '39', '100.0%'],
      ['2.', 'BB BBB Team BBB', '10–13', 'Matches 23', 'Sectors 50:65 (−15)', '30', '43.5%'],
      ['3.', 'ZZZ unregistered', '0–10', 'Matches 10', 'Sectors 0:50 (−50)', '0', '0.0%'],
    ]);
    // A league (BBB lost more than once) has no bracket.
    expect(parseHtml(html).all('#tournament-bracket')).toHaveLength(0);
  });

  it('draws the bracket of a knockout event, round by round, and ranks its table', async () => {
    const { status, html } = await page('/statistics/tournaments/KO?series=S1');
    expect(status).toBe(200);
    const bracket = parseHtml(html).all('#tournament-bracket')[0];
    const rounds = bracket?.all('li.round') ?? [];
    expect(
      rounds.map((r) => [r.all('h3')[0]?.text, r.all('li.match').map((m) => m.all('p').map((p) => p.text))]),
    ).toEqual([
      [
        'Semi-finals',
        [
          ['Winner: AA AAA 5', 'CC CCC 0'],
          ['Winner: BB BBB 5', 'ZZZ unregistered 0'],
        ],
      ],
      ['Final', [['Winner: AA AAA 5', 'BB BBB 0']]],
    ]);
    expect(bracket?.all('a.details').map((a) => a.attrs['href'])).toHaveLength(3);
    const records = rowsOf(html, 'tournament-teams').map(
      (r) => r.all('th, td')[0]?.text + ' ' + r.all('.tag')[0]?.text,
    );
    expect(records).toEqual(['1. AAA', '2. BBB', '3. CCC', '3. ZZZ']);
  });

  it('answers 404 for an unknown tournament and ignores a bad page number', async () => {
    expect((await page('/statistics/tournaments/NOPE?series=S1')).status).toBe(404);
    const bad = await page('/statistics/tournaments/T1?series=S1&page=-3');
    expect(bad.status).toBe(200);
    expect(rowsOf(bad.html, 'tournament-matches')).toHaveLength(10);
  });
});
