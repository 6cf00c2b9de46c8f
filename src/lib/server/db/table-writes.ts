import {
  AliasNode,
  ColumnNode,
  RawNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UpdateQueryNode,
  type UnknownRow,
} from 'kysely';

/*
 * Writes to the tables that in-memory copies are read from, seen as this process makes them, by group: the tables
 * every page's shell reads (the series and the tournaments: pages/shell.ts shellSeries), those that say who a
 * caller is (auth/caller-cache.ts) and those a report looks its teams, tournament and series up in
 * (services/ingestion/report-context.ts). Changes made through the site are announced (db/changes.ts), but this
 * process also writes behind that feed (a test arranging data, a script sharing the handle, a sign-in, which is a
 * GET), and a copy must never outlive such a write either. A write counts once its statement has returned
 * (committed, unless inside a transaction, whose site change is announced after its commit).
 */

/** The groups of tables whose completed writes are counted, each with its tables. */
const GROUPS = {
  shell: ['series', 'tournaments'],
  callers: ['team_api_keys', 'teams', 'sessions', 'users', 'user_roles', 'team_managers'],
  reports: ['series', 'tournaments', 'teams', 'team_previous_tags'],
} as const;
export type TableGroup = keyof typeof GROUPS;

const groupTables = Object.entries(GROUPS) as [TableGroup, readonly string[]][];
const groupsOf = new Map<string, TableGroup[]>();
for (const [group, tables] of groupTables)
  for (const table of tables) groupsOf.set(table, [...(groupsOf.get(table) ?? []), group]);
// A raw statement (sql``) is counted when its text writes a table of the group by name: the table right after
// INSERT INTO, UPDATE, DELETE FROM, MERGE INTO or COPY (a row lock, FOR UPDATE, and a column named like a table write
// nothing: a report's statement, which names its series, used to drop every kept look-up of the series), or named
// anywhere in a statement that truncates, alters or drops.
const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|copy)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][\w$]*)/gi;
const SCHEMA_CHANGE = /\b(truncate|alter|drop)\b/i;
const rawTables = groupTables.map(
  ([group, tables]) => [group, new RegExp(`\\b(${tables.join('|')})\\b`, 'i')] as const,
);

/** The groups whose tables the text of a raw statement writes. */
function rawGroupsWritten(text: string): TableGroup[] {
  if (SCHEMA_CHANGE.test(text)) return rawTables.filter(([, table]) => table.test(text)).map(([group]) => group);
  const written = new Set<TableGroup>();
  for (const [, table] of text.matchAll(WRITE_TARGET))
    for (const group of groupsOf.get(table!.toLowerCase()) ?? []) written.add(group);
  return [...written];
}

const counts: Record<TableGroup, number> = { shell: 0, callers: 0, reports: 0 };

/** How many writes to the group's tables this process has completed: a copy read at one count is stale at another. */
export function tableWrites(group: TableGroup): number {
  return counts[group];
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/**
 * Columns no kept copy reads, by table: the marks the rating work raises and clears on a series at every pass
 * (services/rating-queue.ts), and a key's last use, which the look-up of its caller records (repositories/actors.ts
 * findTeamByApiKeyHash); counted, they would drop every kept copy under a crowd of approvals, and every caller at
 * each key's look-up.
 */
const UNKEPT_COLUMNS: Record<string, readonly string[]> = {
  series: ['derived_stale', 'ratings_stale'],
  team_api_keys: ['last_used_at'],
};

/** True when the update sets only columns no kept copy reads. */
function setsOnlyUnkept(table: string | undefined, node: UpdateQueryNode): boolean {
  const unkept = UNKEPT_COLUMNS[table ?? ''];
  if (!unkept || !node.updates?.length) return false;
  return node.updates.every((update) => ColumnNode.is(update.column) && unkept.includes(update.column.column.name));
}

/** The kinds of node that may write, inside a raw statement. */
const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode', 'RawNode']);

/** The groups whose tables the statement writes. */
function groupsWritten(node: RootOperationNode): TableGroup[] {
  const written = (table: string | undefined) => groupsOf.get(table ?? '') ?? [];
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return written(tableName(node.into));
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      return setsOnlyUnkept(table, node) ? [] : written(table);
    }
    case 'DeleteQueryNode':
      return node.from.froms.flatMap((from) => written(tableName(from)));
    default: {
      if (!RawNode.is(node)) return [];
      // A table's name never spans a parameter: the fragments are read as one text. A query builder's write inside
      // (`sql\`with changed as (${db.updateTable(...)}) ...\``) is a parameter of its own.
      const nested = node.parameters.filter((part) => WRITE_NODES.has(part.kind)) as RootOperationNode[];
      return [...new Set([...rawGroupsWritten(node.sqlFragments.join(' ')), ...nested.flatMap(groupsWritten)])];
    }
  }
}

/** The Kysely plugin that counts completed writes to each group's tables (tableWrites). */
export class TableWriteWatch implements KyselyPlugin {
  readonly #pending = new WeakMap<QueryId, TableGroup[]>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const groups = groupsWritten(node);
    if (groups.length > 0) this.#pending.set(queryId, groups);
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const group of this.#pending.get(queryId) ?? []) counts[group] += 1;
    this.#pending.delete(queryId);
    return Promise.resolve(result);
  }
}
