/**
 * The Discord messages the site posts (execute-webhook bodies with one embed): a title, a link to the page on
 * PUBLIC_URL, the result, the rating changes and a colour by side. Built when the event is enqueued, so a message
 * says what was true when it happened, whenever it is delivered.
 */
import { paths } from '#lib/links.ts';
import { escapeDiscord } from './markdown.ts';
import { isDrawnResult } from '#lib/domain/results.ts';
import { conservativeScore } from '#lib/domain/rating/ranking.ts';
import { formatDate, formatScore, formatSigned, mapDisplayName, matchTypeLabel, ordinal } from '#lib/format/index.ts';

/**
 * Embed colours: the sides' (open-props blue-5 and red-6, as the site's tokens), and a neutral gold for a draw or a
 * result without a side. Each stands out (contrast 3:1 and more) against the embed background of Discord's dark theme
 * (#2b2d31) as well as the light one.
 */
export const SIDE_COLOURS = { Allies: 0x339af0, Axis: 0xfa5252 } as const;
export const NEUTRAL_COLOUR = 0xfab005;

type Side = keyof typeof SIDE_COLOURS;

/** A team as a message names it. */
export interface TeamLabel {
  tag: string;
  name: string | null;
}

/** A team's TrueSkill rating (mean mu, uncertainty sigma) before and after a match. */
export interface RatingChange {
  before: { mu: number; sigma: number };
  after: { mu: number; sigma: number };
}

/** What a match message says. */
export interface MatchFacts {
  id: number;
  series: string;
  title: string | null;
  type: string;
  map: string;
  date: Date;
  result: string;
  victorSide: Side | null;
  winner: TeamLabel;
  loser: TeamLabel;
  /** Null where the match changed no rating (a team is unregistered, or it is not rated yet). */
  winnerRating: RatingChange | null;
  loserRating: RatingChange | null;
}

/** What a team-ranked message says. */
export interface RankedFacts {
  series: string;
  team: TeamLabel;
  rank: number;
  score: number;
  wins: number;
  losses: number;
}

export interface DiscordMessage {
  /** Mentions are never pinged: names come from users. */
  allowed_mentions: { parse: never[] };
  embeds: {
    title: string;
    url: string;
    description: string;
    color: number;
    fields: { name: string; value: string; inline?: boolean }[];
    timestamp: string;
    footer: { text: string };
  }[];
}

// A tag is shown as the team wrote it: most already carry their brackets ('[GL219]').
const label = (team: TeamLabel) =>
  team.name ? `${escapeDiscord(team.tag)} ${escapeDiscord(team.name)}` : escapeDiscord(team.tag);
// Discord limits: title 256, field value 1024 characters.
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const pageUrl = (publicUrl: string, path: string, series: string) =>
  `${publicUrl}${path}?series=${encodeURIComponent(series)}`;

const moved = (before: number, after: number) =>
  `${formatScore(before)} → ${formatScore(after)} (${formatSigned(after - before)})`;

/** 'GL219: mean 25.00 → 23.10 (−1.90) · score 0.00 → 4.30 (+4.30)'. */
function ratingLine(team: TeamLabel, change: RatingChange | null): string | undefined {
  if (!change) return undefined;
  const mean = moved(change.before.mu, change.after.mu);
  return `${escapeDiscord(team.tag)}: mean ${mean} · score ${moved(conservativeScore(change.before), conservativeScore(change.after))}`;
}

/** True when the score and the mean moved opposite ways: a reader needs the reason. */
function againstTheMean(change: RatingChange | null): boolean {
  if (!change) return false;
  const mean = change.after.mu - change.before.mu;
  const score = conservativeScore(change.after) - conservativeScore(change.before);
  return Math.sign(mean) !== Math.sign(score) && Math.abs(score) >= 0.005;
}

const SCORE_NOTE =
  'Score = mean − 3 × uncertainty: it can rise after a loss, as each match makes the rating more certain.';

function matchEmbed(facts: MatchFacts, publicUrl: string, disputed: boolean): DiscordMessage {
  const drawn = isDrawnResult(facts.result);
  const side = facts.victorSide && !drawn ? ` (${facts.victorSide} victory)` : drawn ? ' (draw)' : '';
  const verb = disputed ? 'vs' : drawn ? 'drew with' : 'beat';
  const changes = [ratingLine(facts.winner, facts.winnerRating), ratingLine(facts.loser, facts.loserRating)].filter(
    (line): line is string => line !== undefined,
  );
  if (changes.length > 0 && (againstTheMean(facts.winnerRating) || againstTheMean(facts.loserRating)))
    changes.push(SCORE_NOTE);
  const fields = [
    { name: 'Result', value: `${facts.result}${side} on ${escapeDiscord(mapDisplayName(facts.map))}`, inline: true },
    { name: 'Type', value: matchTypeLabel(facts.type), inline: true },
  ];
  if (!disputed && changes.length > 0)
    fields.push({ name: 'Rating changes', value: changes.join('\n'), inline: false });
  const status = disputed ? 'Disputed: ' : '';
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(`${status}${label(facts.winner)} ${verb} ${label(facts.loser)} ${facts.result}`, 256),
        url: pageUrl(publicUrl, paths.match(facts.id), facts.series),
        description: cut(
          [
            facts.title && escapeDiscord(facts.title),
            disputed ? 'The report of this match is disputed and waits for an admin.' : undefined,
          ]
            .filter(Boolean)
            .join('\n') || `${formatDate(facts.date)} · ${escapeDiscord(mapDisplayName(facts.map))}`,
          2000,
        ),
        color: facts.victorSide && !drawn ? SIDE_COLOURS[facts.victorSide] : NEUTRAL_COLOUR,
        fields: fields.map((f) => ({ ...f, value: cut(f.value, 1024) })),
        timestamp: facts.date.toISOString(),
        footer: { text: `Series ${facts.series}` },
      },
    ],
  };
}

/** The message for a posted match. */
export function matchPostedMessage(facts: MatchFacts, publicUrl: string): DiscordMessage {
  return matchEmbed(facts, publicUrl, false);
}

/** The message for a disputed report. */
export function matchDisputedMessage(facts: MatchFacts, publicUrl: string): DiscordMessage {
  return matchEmbed(facts, publicUrl, true);
}

/** The message for a team that has just reached the ranking. */
export function teamRankedMessage(facts: RankedFacts, publicUrl: string, at: Date): DiscordMessage {
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(`${label(facts.team)} enters the ranking`, 256),
        url: pageUrl(publicUrl, paths.team(facts.team.tag), facts.series),
        description: `Ranked ${ordinal(facts.rank)} · score ${formatScore(facts.score)} · ${facts.wins}-${facts.losses}`,
        color: NEUTRAL_COLOUR,
        fields: [],
        timestamp: at.toISOString(),
        footer: { text: `Series ${facts.series}` },
      },
    ],
  };
}
