import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_report_overrides.ts';
import * as m0003 from './0003_read_indexes.ts';
import * as m0004 from './0004_foreign_key_indexes.ts';
import * as m0005 from './0005_rating_fits.ts';
import * as m0006 from './0006_claim_proof.ts';
import * as m0007 from './0007_webhooks.ts';
import * as m0008 from './0008_page_indexes.ts';
import * as m0009 from './0009_match_game_key.ts';
import * as m0010 from './0010_registration_discord_role.ts';
import * as m0011 from './0011_series_derived_stale.ts';
import * as m0012 from './0012_series_ratings_stale.ts';
import * as m0013 from './0013_webhook_claim_owner.ts';
import * as m0014 from './0014_team_page_indexes.ts';
import * as m0015 from './0015_rating_write_indexes.ts';
import * as m0016 from './0016_player_match_details.ts';
import * as m0017 from './0017_rating_hot_updates.ts';
import * as m0018 from './0018_rating_queue.ts';
import * as m0019 from './0019_player_percentiles.ts';
import * as m0020 from './0020_statement_refusal.ts';
import * as m0021 from './0021_missing_percentiles_index.ts';

/** Every migration in order. Add new files here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_report_overrides': m0002,
  '0003_read_indexes': m0003,
  '0004_foreign_key_indexes': m0004,
  '0005_rating_fits': m0005,
  '0006_claim_proof': m0006,
  '0007_webhooks': m0007,
  '0008_page_indexes': m0008,
  '0009_match_game_key': m0009,
  '0010_registration_discord_role': m0010,
  '0011_series_derived_stale': m0011,
  '0012_series_ratings_stale': m0012,
  '0013_webhook_claim_owner': m0013,
  '0014_team_page_indexes': m0014,
  '0015_rating_write_indexes': m0015,
  '0016_player_match_details': m0016,
  '0017_rating_hot_updates': m0017,
  '0018_rating_queue': m0018,
  '0019_player_percentiles': m0019,
  '0020_statement_refusal': m0020,
  '0021_missing_percentiles_index': m0021,
};
