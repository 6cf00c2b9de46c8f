/**
 * Sample link preview cards, one of each kind, at full size (a 60-point rating history, three top players, a map
 * banner, three tournament leaders, a top 5): what the previews unit test checks and `npm run bench:previews` times.
 */
import type { HomeCard, MatchCard, PlayerCard, PreviewCard, TeamCard, TournamentCard } from '#lib/previews/cards.ts';
import { SPARKLINE_POINTS } from '#lib/previews/cards.ts';

/** A rising rating, one point every three days from 1 January 2026, as many points as a sparkline draws. */
const history = Array.from({ length: SPARKLINE_POINTS }, (_, i) => {
  const mu = 25 + i * 0.2 + Math.sin(i / 3);
  const sigma = 8.3 - i * 0.1;
  return { date: new Date(Date.UTC(2026, 0, 1 + i * 3)).toISOString(), mu, sigma, score: mu - 3 * sigma };
});

export const SAMPLE_TEAM: TeamCard = {
  kind: 'team',
  series: 'S3',
  key: '[7DR]',
  tag: '[7DR]',
  name: '7th Dragoons',
  rank: 3,
  ranked: true,
  score: 28.41,
  wins: 14,
  losses: 3,
  history,
};

export const SAMPLE_MATCH: MatchCard = {
  kind: 'match',
  series: 'S3',
  key: '1234',
  banner: 'carentan-day',
  map: 'Carentan',
  title: null,
  teams: [
    { tag: '[7DR]', name: '7th Dragoons' },
    { tag: 'ABC', name: 'Alpha Bravo Charlie' },
  ],
  result: '4-1',
  victorSide: 'Allies',
  date: '2026-03-12T18:00:00Z',
  status: 'posted',
  type: 'competitive',
  top: [
    { name: 'Sgt. Längername', team: '[7DR]', kills: 42, deaths: 10 },
    { name: 'Bravo Two', team: 'ABC', kills: 30, deaths: 12 },
    { name: 'Charlie Three', team: '[7DR]', kills: 22, deaths: 15 },
  ],
};

export const SAMPLE_PLAYER: PlayerCard = {
  kind: 'player',
  series: 'S3',
  key: '76561190000000001',
  name: 'Major Tom',
  team: '[7DR]',
  game: 'competitive',
  matches: 42,
  skill: [1.2, -0.4, 0.8, 2.1],
  kpm: 0.85,
};

export const SAMPLE_TOURNAMENT: TournamentCard = {
  kind: 'tournament',
  series: 'S3',
  key: 'CUP',
  tag: 'CUP',
  name: 'Spring Cup 2026',
  event: true,
  active: true,
  teams: 8,
  matches: 14,
  leaders: [
    { tag: '[7DR]', wins: 5, losses: 0 },
    { tag: 'ABC', wins: 4, losses: 1 },
    { tag: 'XYZ', wins: 3, losses: 2 },
  ],
};

export const SAMPLE_HOME: HomeCard = {
  kind: 'home',
  series: 'S3',
  key: 'S3',
  name: 'Season 3',
  teams: 40,
  matches: 1234,
  players: 800,
  top: ['[7DR]', 'ABC', 'XYZ', 'QRS', 'TUV'].map((tag, i) => ({ tag, name: tag, score: 28 - i })),
};

/** One card of each kind, in the order the benchmark prints them. */
export const SAMPLE_CARDS: readonly PreviewCard[] = [
  SAMPLE_TEAM,
  SAMPLE_MATCH,
  SAMPLE_PLAYER,
  SAMPLE_TOURNAMENT,
  SAMPLE_HOME,
];
