import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_report_overrides.ts';
import * as m0003 from './0003_read_indexes.ts';

/** Every migration in order. Add new files here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_report_overrides': m0002,
  '0003_read_indexes': m0003,
};
