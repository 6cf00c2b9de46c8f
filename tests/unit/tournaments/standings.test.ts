import { describe, expect, it } from 'vitest';
import {
  addResult,
  knockoutBracket,
  rankStandings,
  sectorsOf,
  type StandingLine,
  type TournamentResult,
} from '#lib/domain/tournaments/standings.ts';

let nextId = 1;
const played = (winner: string, loser: string, result = '5-0'): TournamentResult => ({
  matchId: nextId,
  date: new Date(Date.UTC(2026, 0, nextId++)),
  result,
  winner,
  loser,
});

function table(results: TournamentResult[]) {
  const lines = new Map<string, StandingLine>();
  for (const r of results)
    addResult(lines, r, (key) => ({ key, matches: 0, wins: 0, losses: 0, sectorsFor: 0, sectorsAgainst: 0 }));
  return rankStandings(lines.values(), (a, b) => a.key.localeCompare(b.key)).map((l) => [
    l.rank,
    l.key,
    l.points,
    l.sectorsFor - l.sectorsAgainst,
  ]);
}

describe('tournament standings', () => {
  it('reads the sectors each side held from a result', () => {
    expect(sectorsOf('4-1')).toEqual([4, 1]);
    expect(sectorsOf('3-2')).toEqual([3, 2]);
    expect(sectorsOf('nonsense')).toEqual([0, 0]);
  });

  it('ranks by points (3 a win), then sector difference, sharing a rank only when both are equal', () => {
    // A and B win twice each, A by more sectors; C and D win once each by the same margin; E never.
    const results = [
      played('A', 'E', '5-0'),
      played('A', 'C', '4-1'),
      played('B', 'E', '3-2'),
      played('B', 'D', '3-2'),
      played('C', 'E', '3-2'),
      played('D', 'E', '3-2'),
    ];
    expect(table(results)).toEqual([
      [1, 'A', 6, 8],
      [2, 'B', 6, 2],
      [3, 'D', 3, 0],
      [4, 'C', 3, -2],
      [5, 'E', 0, -8],
    ]);
    expect(table([played('P', 'Q', '4-1'), played('R', 'S', '4-1')])).toEqual([
      [1, 'P', 3, 3],
      [1, 'R', 3, 3],
      [3, 'Q', 0, -3],
      [3, 'S', 0, -3],
    ]);
  });
});

describe('knockout bracket', () => {
  it('reads quarter-finals, semi-finals and a final from eight teams, oldest first', () => {
    const rounds = knockoutBracket([
      played('A', 'B'),
      played('C', 'D'),
      played('E', 'F'),
      played('G', 'H'),
      played('A', 'C'),
      played('E', 'G'),
      played('A', 'E'),
    ]);
    expect(rounds?.map((r) => [r.name, r.results.map((m) => `${m.winner}>${m.loser}`)])).toEqual([
      ['Quarter-finals', ['A>B', 'C>D', 'E>F', 'G>H']],
      ['Semi-finals', ['A>C', 'E>G']],
      ['Final', ['A>E']],
    ]);
  });

  it('places a team with a bye in the round of its first match and names a long first round by number', () => {
    const withBye = knockoutBracket([played('A', 'B'), played('C', 'A'), played('D', 'C')]);
    expect(withBye?.map((r) => [r.name, r.results.map((m) => m.winner)])).toEqual([
      ['Quarter-finals', ['A']],
      ['Semi-finals', ['C']],
      ['Final', ['D']],
    ]);
    const sixteen = Array.from({ length: 8 }, (_, i) => played(`W${i}`, `L${i}`));
    const rounds = knockoutBracket([...sixteen, played('W0', 'W1'), played('W2', 'W3'), played('W0', 'W2')]);
    expect(rounds?.map((r) => r.name)).toEqual(['Round 1', 'Semi-finals', 'Final']);
  });

  it('is no bracket when a team lost twice, a loser won again, or there are fewer than two rounds', () => {
    expect(knockoutBracket([played('A', 'B'), played('C', 'B')])).toBeNull();
    expect(knockoutBracket([played('A', 'B'), played('B', 'C')])).toBeNull();
    expect(knockoutBracket([played('A', 'B'), played('C', 'D')])).toBeNull();
    expect(knockoutBracket([played('A', 'B')])).toBeNull();
  });
});
