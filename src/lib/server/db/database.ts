import type { SeriesTable } from './tables/series.ts';
import type { TeamsTable } from './tables/teams.ts';
import type { TeamPreviousTagsTable } from './tables/team-previous-tags.ts';
import type { TeamRatingsTable } from './tables/team-ratings.ts';
import type { TournamentsTable } from './tables/tournaments.ts';
import type { UsersTable } from './tables/users.ts';
import type { UserRolesTable } from './tables/user-roles.ts';
import type { SessionsTable } from './tables/sessions.ts';
import type { OauthStatesTable } from './tables/oauth-states.ts';
import type { TeamManagersTable } from './tables/team-managers.ts';
import type { TeamApiKeysTable } from './tables/team-api-keys.ts';
import type { TeamRegistrationRequestsTable } from './tables/team-registration-requests.ts';
import type { LogUploadsTable } from './tables/log-uploads.ts';
import type { MatchesTable } from './tables/matches.ts';
import type { PlayersTable } from './tables/players.ts';
import type { PlayerAliasesTable } from './tables/player-aliases.ts';
import type { ProfileClaimsTable } from './tables/profile-claims.ts';
import type { PlayerMatchStatsTable } from './tables/player-match-stats.ts';
import type { PlayerSkillsTable } from './tables/player-skills.ts';
import type { RatingHistoryTable } from './tables/rating-history.ts';
import type { SeriesStatisticsTable } from './tables/series-statistics.ts';
import type { AuditLogTable } from './tables/audit-log.ts';

/** The whole schema as Kysely sees it, assembled from one file per table. */
export interface Database {
  series: SeriesTable;
  teams: TeamsTable;
  team_previous_tags: TeamPreviousTagsTable;
  team_ratings: TeamRatingsTable;
  tournaments: TournamentsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  oauth_states: OauthStatesTable;
  team_managers: TeamManagersTable;
  team_api_keys: TeamApiKeysTable;
  team_registration_requests: TeamRegistrationRequestsTable;
  log_uploads: LogUploadsTable;
  matches: MatchesTable;
  players: PlayersTable;
  player_aliases: PlayerAliasesTable;
  profile_claims: ProfileClaimsTable;
  player_match_stats: PlayerMatchStatsTable;
  player_skills: PlayerSkillsTable;
  rating_history: RatingHistoryTable;
  series_statistics: SeriesStatisticsTable;
  audit_log: AuditLogTable;
}
