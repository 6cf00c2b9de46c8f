import type { DB } from '#lib/server/db/index.ts';

/** Live (not deleted) teams as {tag, name}, sorted by tag case-insensitively: what HLU offers as winner/loser. */
export async function listLiveTeamTags(db: DB): Promise<{ tag: string; name: string }[]> {
  const rows = await db.selectFrom('teams').select(['tag', 'name']).where('deleted_at', 'is', null).execute();
  return rows.sort((a, b) => a.tag.toLowerCase().localeCompare(b.tag.toLowerCase()) || a.tag.localeCompare(b.tag));
}
