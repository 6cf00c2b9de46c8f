import {
  AliasNode,
  RawNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/*
 * Writes to the tables that in-memory copies are read from, seen as this process makes them, by group: the tables
 * every page's shell reads (the series and the tournaments: pages/shell.ts shellSeries) and those that say who a
 * caller is (auth/caller-cache.ts). Changes made through the site are announced (db/changes.ts), but this process also
 * writes behind that feed (a test arranging data, a script sharing the handle, a sign-in, which is a GET), and a copy
 * must never outlive such a write either. A write counts once its statement has returned (committed, unless inside a
 * transaction, whose site change is announced after its commit).
 */

/** The groups of tables whose completed writes are counted, each with its tables. */
const GROUPS = {
  shell: ['series', 'tournaments'],
  callers: ['team_api_keys', 'teams', 'sessions', 'users', 'user_roles', 'team_managers'],
} as const;
export type TableGroup = keyof typeof GROUPS;

const groupTables = Object.entries(GROUPS) as [TableGroup, readonly string[]][];
const groupsOf = new Map<string, TableGroup[]>();
for (const [group, tables] of groupTables)
  for (const table of tables) groupsOf.set(table, [...(groupsOf.get(table) ?? []), group]);
// A raw statement (sql``) is counted when it both writes and names a table of the group: cheap, and never misses one.
const RAW_WRITE = /\b(insert|update|delete|truncate|drop|alter|copy|merge)\b/i;
const rawTables = groupTables.map(
  ([group, tables]) => [group, new RegExp(`\\b(${tables.join('|')})\\b`, 'i')] as const,
);

// On globalThis, like the change feed (changes.ts): the site server (scripts, tests) and the built pages each load
// their own copy of this module, and both must see the one count.
const shared = globalThis as typeof globalThis & { __hssTableWrites?: Record<TableGroup, number> };
const counts = (shared.__hssTableWrites ??= { shell: 0, callers: 0 });

/** How many writes to the group's tables this process has completed: a copy read at one count is stale at another. */
export function tableWrites(group: TableGroup): number {
  return counts[group];
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/** The groups whose tables the statement writes. */
function groupsWritten(node: RootOperationNode): TableGroup[] {
  const written = (table: string | undefined) => groupsOf.get(table ?? '') ?? [];
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return written(tableName(node.into));
    case 'UpdateQueryNode':
      return written(tableName(node.table));
    case 'DeleteQueryNode':
      return node.from.froms.flatMap((from) => written(tableName(from)));
    default: {
      if (!RawNode.is(node) || !node.sqlFragments.some((part) => RAW_WRITE.test(part))) return [];
      const named = ([, table]: (typeof rawTables)[number]) => node.sqlFragments.some((part) => table.test(part));
      return rawTables.filter(named).map(([group]) => group);
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
