import { mulberry32, simulateMatch, writeLog, type SimPlayer } from '#lib/domain/logs/write/index.ts';
import type { DemoPlan, PlannedMatch } from './plan.ts';

/** How much of a match a demo log holds: players per side (default the plan's lineup), minutes, kill rate. */
export interface LogSize {
  lineup?: number;
  minutes: number;
  killsPerMinute: number;
}

/**
 * The size of a seeded match's log: the plan's lineup (6-9 of each pool), 30-45 minutes and 3-4 kills a minute,
 * drawn from the match's seed. Small real logs keep the default seed, reported in full, under a minute.
 */
export function demoLogSize(m: PlannedMatch): LogSize {
  return { minutes: 30 + (m.seed % 16), killsPerMinute: 3 + ((m.seed >>> 4) % 2) };
}

function lineup(pool: readonly SimPlayer[], count: number, seed: number): SimPlayer[] {
  const rng = mulberry32(seed);
  const left = [...pool];
  const out: SimPlayer[] = [];
  while (out.length < Math.min(count, pool.length)) out.push(left.splice(rng.int(0, left.length - 1), 1)[0]!);
  return out;
}

/** The planned match as a real server log (simulateMatch + the parsers' writers), in the match's format. */
export function demoLog(plan: DemoPlan, m: PlannedMatch, size: LogSize): string {
  const [won, lost] = m.result.split('-').map(Number) as [number, number];
  const count = size.lineup ?? m.lineup;
  const winners = lineup(plan.teams[m.winner]!.players, count, m.seed);
  const losers = lineup(plan.teams[m.loser]!.players, count, m.seed ^ 0x9e3779b9);
  const alliesWon = m.winnerSide === 'Allies';
  const sim = simulateMatch({
    seed: m.seed,
    start: m.date,
    durationMinutes: size.minutes,
    map: m.map,
    allies: alliesWon ? winners : losers,
    axis: alliesWon ? losers : winners,
    alliedScore: alliesWon ? won : lost,
    axisScore: alliesWon ? lost : won,
    killsPerMinute: size.killsPerMinute,
    chats: 4,
  });
  return writeLog(m.format, sim.events);
}
