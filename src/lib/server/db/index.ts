import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/*
 * The database's types. The process's database itself is opened, handed out and closed by the app
 * (#lib/server/app.ts).
 */

export type { Database } from './database.ts';
export type DB = Kysely<Database>;
