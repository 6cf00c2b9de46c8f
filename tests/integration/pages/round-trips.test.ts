import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { App, useProcessApp } from '#lib/server/app.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';

/** The tables a query names (walks the operation tree for table nodes; raw SQL is read for from/join names). */
function tablesOf(node: RootOperationNode): string[] {
  const found = new Set<string>();
  const readText = (text: string) => {
    for (const match of text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)) found.add(match[1]!);
  };
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(walk);
    const record = value as Record<string, unknown>;
    if (record['kind'] === 'RawNode') readText(((record['sqlFragments'] as string[] | undefined) ?? []).join(' '));
    if (record['kind'] === 'TableNode') {
      const table = record['table'] as { identifier?: { name?: string } } | undefined;
      if (table?.identifier?.name) found.add(table.identifier.name);
    }
    for (const child of Object.values(record)) walk(child);
  };
  walk(node);
  return [...found];
}

/**
 * Round trips to the database per page, counted for a visitor with the caches off: a page's count must not grow
 * with the data it shows (no query per row, N+1), and stays within the ceiling written here (lower it when a page
 * gets cheaper; never raise it to let a page read row by row).
 */
describe('database round trips per page', () => {
  let server: TestServer;
  let fx: ReadFixture;
  let queries: { tables: string[] }[] = [];
  // A query builder used as a subquery is transformed too: count the queries that answer, by their id.
  const sent = new WeakMap<object, string[]>();
  const counter: KyselyPlugin = {
    transformQuery(args) {
      sent.set(args.queryId, tablesOf(args.node));
      return args.node;
    },
    transformResult: async (args) => {
      queries.push({ tables: sent.get(args.queryId) ?? [] });
      return args.result;
    },
  };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    fx = await buildReadFixture(server.db);
    // The built pages reach the database through the process's app (app.ts): hand them a counting view of it.
    useProcessApp(
      new App({
        db: server.db.withPlugin(counter),
        engine: server.engine,
        location: 'memory://',
        close: async () => undefined,
      }),
    );
  });
  afterAll(() => server.close());

  const count = async (path: string) => {
    await server.fetch(path).then((r) => r.text());
    queries = [];
    const response = await server.fetch(path);
    expect(response.status, path).toBe(200);
    await response.text();
    const known = new Set(
      (
        await sql<{ table_name: string }>`select table_name from information_schema.tables
          where table_schema = current_schema()`.execute(server.db)
      ).rows.map((r) => r.table_name),
    );
    // Column references name aliases too: keep the tables.
    const perTable = new Map<string, number>();
    for (const q of queries) for (const t of q.tables) if (known.has(t)) perTable.set(t, (perTable.get(t) ?? 0) + 1);
    return { total: queries.length, tables: new Set(perTable.keys()), perTable };
  };

  /** Copies the fixture's public matches (and their player rows and details) `times` times: more of everything to show. */
  const growData = async (times: number) => {
    const columns = async (table: string, skip: string[]) =>
      (
        await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_name = ${table} and table_schema = current_schema()`.execute(server.db)
      ).rows
        .map((r) => r.column_name)
        .filter((c) => !skip.includes(c));
    const matchColumns = await columns('matches', ['id', 'import_key', 'date']);
    const statColumns = await columns('player_match_stats', ['match_id']);
    const detailColumns = await columns('player_match_details', ['match_id']);
    const list = (names: string[]) => sql.raw(names.map((n) => `"${n}"`).join(', '));
    for (let i = 0; i < times; i++) {
      for (const id of fx.matches.public) {
        const copy = await sql<{ id: number }>`insert into matches (${list(matchColumns)}, "date")
          select ${list(matchColumns)}, "date" + interval '1 day' * ${i + 10} from matches where id = ${id}
          returning id`.execute(server.db);
        await sql`insert into player_match_stats (${list(statColumns)}, "match_id")
          select ${list(statColumns)}, ${copy.rows[0]!.id} from player_match_stats where match_id = ${id}`.execute(
          server.db,
        );
        await sql`insert into player_match_details (${list(detailColumns)}, "match_id")
          select ${list(detailColumns)}, ${copy.rows[0]!.id} from player_match_details where match_id = ${id}`.execute(
          server.db,
        );
      }
    }
  };

  it('reads each page in a fixed number of round trips, whatever the amount of data', async () => {
    // Every page's shell reads the series and the active tournaments in one query (issue 15: was two).
    const pages: [string, number][] = [
      // The fixture stores no series statistics: the home page computes them (3 more queries).
      // The ladder (home top 5 and /teams) reads the teams' last five results and last week's ranks too.
      ['/?series=S1', 10],
      ['/teams?series=S1', 3],
      // The team found once; its rank and rating from the head-to-head choices; results and the list's total in one
      // query; players with names and their total in one (issue 15: was 17, finding the team 4 times).
      ['/teams/ALPHA?series=S1', 7],
      [`/statistics/matches/${fx.matches.public[0]}?series=S1`, 3],
      [`/statistics/players/${steamId(1)}?series=S1`, 5],
    ];
    const before = new Map<string, number>();
    for (const [path, ceiling] of pages) {
      const { total, tables } = await count(path);
      console.log(`${path}: ${total} round trips over ${tables.size} tables (${[...tables].sort().join(', ')})`);
      expect(total, path).toBeLessThanOrEqual(ceiling);
      before.set(path, total);
    }
    // The team page reads the team's players, its rating history and the series ordering once each; team_ratings is
    // also named by the team's look-up, which lists the series it played in (the series dropdown's links) with it.
    const team = await count('/teams/ALPHA?series=S1');
    for (const table of ['player_match_stats', 'rating_history'])
      expect([table, team.perTable.get(table)]).toEqual([table, 1]);
    expect(team.perTable.get('team_ratings')).toBe(2);
    await growData(3);
    for (const [path] of pages) expect([path, (await count(path)).total]).toEqual([path, before.get(path)]);
  });
});
