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
 * Writes to the tables every page's shell reads (the series and the tournaments), seen as this process makes them.
 * The shell keeps those rows in memory until they change (pages/shell.ts shellSeries): changes made through the site
 * are announced (db/changes.ts), but this process also writes behind that feed (a test arranging data, a script
 * sharing the handle), and the copy must never outlive such a write either. A write counts once its statement has
 * returned (committed, unless inside a transaction, whose site change is announced after its commit).
 */

/** The tables whose completed writes count. */
const WATCHED = new Set(['series', 'tournaments']);
// A raw statement (sql``) is counted when it both writes and names a watched table: cheap, and never misses one.
const RAW_WRITE = /\b(insert|update|delete|truncate|drop|alter|copy|merge)\b/i;
const RAW_TABLE = /\b(series|tournaments)\b/i;

// On globalThis, like the change feed (changes.ts): the site server (scripts, tests) and the built pages each load
// their own copy of this module, and both must see the one count.
const shared = globalThis as typeof globalThis & { __hssTableWrites?: { count: number } };
const counter = (shared.__hssTableWrites ??= { count: 0 });

/** How many writes to the watched tables this process has completed: a copy read at one count is stale at another. */
export function watchedTableWrites(): number {
  return counter.count;
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

function writesWatched(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return WATCHED.has(tableName(node.into) ?? '');
    case 'UpdateQueryNode':
      return WATCHED.has(tableName(node.table) ?? '');
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => WATCHED.has(tableName(from) ?? ''));
    case 'MergeQueryNode':
      return WATCHED.has(tableName(node.into) ?? '');
    default:
      if (!RawNode.is(node)) return false;
      return node.sqlFragments.some((part) => RAW_WRITE.test(part)) && node.sqlFragments.some((p) => RAW_TABLE.test(p));
  }
}

/** The Kysely plugin that counts completed writes to the watched tables (watchedTableWrites). */
export class TableWriteWatch implements KyselyPlugin {
  readonly #pending = new WeakSet<QueryId>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatched(node)) this.#pending.add(queryId);
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.delete(queryId)) counter.count += 1;
    return Promise.resolve(result);
  }
}
