/**
 * The Discord messages the site posts (execute-webhook bodies with one embed): a title, a link to the page on
 * PUBLIC_URL, the result, the rating changes and a colour by side. Built when the event is enqueued, so a message
 * says what was true when it happened, whenever it is delivered.
 */
import { paths } from '#lib/links.ts';
import { formatDate, formatScore, formatSigned, mapDisplayName, matchTypeLabel, ordinal } from '#lib/format/index.ts';

/** Embed colours: the sides' (open-props blue-5 and red-6, as the site's tokens), and a neutral gold. */
export const SIDE_COLOURS = { Allies: 0x339af0, Axis: 0xfa5252 } as const;
const NEUTRAL_COLOUR = 0xfab005;

type Side = keyof typeof SIDE_COLOURS;

/** A team as a message names it. */
export interface TeamLabel {
  tag: string;
  name: string | null;
}

/** A team's rating before and after a match, as scores (mu - 3 sigma). */
export interface ScoreChange {
  before: number;
  after: number;
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
  winnerScore: ScoreChange | null;
  loserScore: ScoreChange | null;
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

const label = (team: TeamLabel) => (team.name ? `[${team.tag}] ${team.name}` : `[${team.tag}]`);
// Discord limits: title 256, field value 1024 characters.
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const pageUrl = (publicUrl: string, path: string, series: string) =>
  `${publicUrl}${path}?series=${encodeURIComponent(series)}`;

function scoreLine(team: TeamLabel, change: ScoreChange | null): string | undefined {
  if (!change) return undefined;
  const delta = change.after - change.before;
  return `[${team.tag}] ${formatScore(change.before)} → ${formatScore(change.after)} (${formatSigned(delta)})`;
}

function matchEmbed(facts: MatchFacts, publicUrl: string, disputed: boolean): DiscordMessage {
  const side = facts.victorSide ? ` (${facts.victorSide})` : '';
  const verb = disputed ? 'vs' : 'defeat';
  const changes = [scoreLine(facts.winner, facts.winnerScore), scoreLine(facts.loser, facts.loserScore)].filter(
    (line): line is string => line !== undefined,
  );
  const fields = [
    { name: 'Result', value: `${facts.result}${side} on ${mapDisplayName(facts.map)}`, inline: true },
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
          [facts.title, disputed ? 'The report of this match is disputed and waits for an admin.' : undefined]
            .filter(Boolean)
            .join('\n') || `${formatDate(facts.date)} · ${mapDisplayName(facts.map)}`,
          2000,
        ),
        color: facts.victorSide ? SIDE_COLOURS[facts.victorSide] : NEUTRAL_COLOUR,
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
