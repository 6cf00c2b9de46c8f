import type { Team } from './team.ts';
import type { Match, MatchTeam } from './match.ts';

/**
 * A team as the ladder shows it (/teams, the home page's top 5): its record's last five results (newest first,
 * 'W' or 'L', public posted matches) and its movement since a week ago (places up, negative: down; null: it was
 * not ranked then).
 */
export interface LadderTeam extends Team {
  form: ('W' | 'L')[];
  movement: number | null;
}

/** Matches and wins of a team in one group (a map, a side). */
export interface WinCount {
  matches: number;
  wins: number;
}

/** A team's win rates over its public matches of a series: by map (display name, most played first) and side. */
export interface TeamWinRates {
  byMap: ({ map: string } & WinCount)[];
  bySide: { Allies: WinCount; Axis: WinCount };
}

/**
 * Two teams head to head in a series: their record in public matches (from `team`'s point of view) and, from the
 * current ratings, the probability that `team` wins a new match and its TrueSkill match quality (0..1: how even
 * and certain the pairing is).
 */
export interface HeadToHead {
  opponent: Team;
  wins: number;
  losses: number;
  winProbability: number;
  quality: number;
}

/** A team to pick as the head-to-head opponent. */
export interface TeamChoice {
  tag: string;
  name: string;
}

/**
 * A team's API key as its edit page knows it: its prefix and dates (the key itself is shown once, when made),
 * none, or a failed look-up with its HTTP status.
 */
export type ApiKeyState =
  | { kind: 'key'; team: string; key_prefix: string; created_at: string; last_used_at: string | null }
  | { kind: 'none' }
  | { kind: 'failed'; status: number };

/** One side of a match in a team's match list: its tag, and its name and icon while registered. */
export type TeamMatchSide = Pick<MatchTeam, 'tag' | 'registered' | 'name' | 'icon'>;

/**
 * A match as a team's match list shows it (a full API match fits too): date, result, map (display name), type,
 * status and both sides, winner first.
 */
export type TeamMatchItem = Pick<Match, 'match_id' | 'date' | 'result' | 'map' | 'type' | 'calculation_status'> & {
  team_details: readonly [TeamMatchSide, TeamMatchSide];
};
