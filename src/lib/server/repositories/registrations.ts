import type { DB } from '#lib/server/db/index.ts';
import type { RegistrationStatus } from '#lib/server/db/tables/team-registration-requests.ts';

function baseQuery(db: DB) {
  return db
    .selectFrom('team_registration_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .select([
      'r.id',
      'r.user_id',
      'r.name',
      'r.tag',
      'r.icon',
      'r.invite',
      'r.contact',
      'r.discord_role_id',
      'r.status',
      'r.created_at',
      'r.decided_at',
      'r.decision_reason',
      'u.name as requested_by',
      't.tag as team',
    ]);
}

export type RegistrationRecord = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** Requests with this status, oldest first; only those of `userId` when given. */
export function listRegistrations(db: DB, status: RegistrationStatus, userId?: number): Promise<RegistrationRecord[]> {
  let query = baseQuery(db).where('r.status', '=', status).orderBy('r.created_at').orderBy('r.id');
  if (userId !== undefined) query = query.where('r.user_id', '=', userId);
  return query.execute();
}

export function findRegistration(db: DB, id: number): Promise<RegistrationRecord | undefined> {
  return baseQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/**
 * How many of the user's requests are pending, counted after locking the user's row, so that requests of one user
 * sent at once are counted one after another (call inside a transaction).
 */
export async function countPendingOfUser(db: DB, userId: number): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await db
    .selectFrom('team_registration_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
