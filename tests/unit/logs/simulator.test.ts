import { describe, expect, it } from 'vitest';
import { weaponSide } from '#lib/domain/catalogue/weapons.ts';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { capPath } from '#lib/domain/logs/write/cap-path.ts';
import { mulberry32, samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import { ALLIES, AXIS, standardMatch } from './sim-fixtures.ts';

const sim = standardMatch(21);
const start = sim.start.getTime();

describe('simulateMatch', () => {
  it('is deterministic per seed', () => {
    expect(writeLog('hlu-csv', standardMatch(21).events)).toBe(writeLog('hlu-csv', sim.events));
    expect(writeLog('hlu-csv', standardMatch(22).events)).not.toBe(writeLog('hlu-csv', sim.events));
  });

  it('produces a 90-minute 50 vs 50 match in chronological order', () => {
    expect(sim.end.getTime() - start).toBe(90 * 60_000);
    const times = sim.events.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ids = new Set(sim.events.filter((e) => e.type === 'player_join_server').map((e) => e.player_id));
    expect(ids.size).toBe(100);
    expect(sim.events.filter((e) => e.type === 'server_match_start')).toHaveLength(1);
    expect(sim.events.find((e) => e.type === 'server_match_end')?.message).toBe('3 - 2');
  });

  it('has early and late connects, reconnects and team switches', () => {
    const joins = sim.events.filter((e) => e.type === 'player_join_server');
    expect(joins.filter((e) => e.time < start).length).toBeGreaterThan(70);
    expect(joins.filter((e) => e.time > start).length).toBeGreaterThan(3);
    const perPlayer = new Map<string, number>();
    for (const e of joins) perPlayer.set(e.player_id ?? '', (perPlayer.get(e.player_id ?? '') ?? 0) + 1);
    expect([...perPlayer.values()].some((n) => n > 1)).toBe(true);
    const switches = sim.events.filter((e) => e.type === 'player_change_team' && e.old !== null);
    expect(switches.length).toBeGreaterThan(0);
    expect(switches.every((e) => e.old !== e.new)).toBe(true);
  });

  it('uses each side its own faction weapons (plus some None) with teamkills and suicides', () => {
    const kills = sim.events.filter((e) => e.type === 'player_kill');
    expect(kills.length).toBeGreaterThan(1500);
    expect(kills.filter((e) => e.weapon === null).length).toBeGreaterThan(0);
    for (const e of kills) {
      const side = weaponSide(e.weapon);
      if (side) expect(side).toBe(e.player_team === 'Allies' ? 'allies' : 'axis');
      expect(e.player_team).not.toBe(e.player2_team);
    }
    expect(sim.events.filter((e) => e.type === 'player_teamkill').length).toBeGreaterThan(10);
    expect(sim.events.filter((e) => e.type === 'player_suicide').length).toBeGreaterThan(5);
  });

  it('writes cap flips that lead to the final score and score lines after MATCH ENDED', () => {
    const caps = sim.events.filter((e) => e.type === 'team_capture_objective');
    expect(caps[caps.length - 1]?.message).toBe('3 - 2');
    const endIndex = sim.events.findIndex((e) => e.type === 'server_match_end');
    const after = sim.events.slice(endIndex + 1).filter((e) => e.type === 'player_score_update');
    expect(after.length).toBeGreaterThan(80);
    expect(
      sim.events.slice(endIndex + 1, endIndex + 1 + after.length).every((e) => e.type === 'player_score_update'),
    ).toBe(true);
  });

  it('gives stronger players more kills', () => {
    const players = samplePlayers(77, 100);
    const strong = new Set(players.filter((_, i) => i % 2 === 0).map((p) => p.id));
    const tuned = players.map((p) => ({ ...p, strength: strong.has(p.id) ? 2 : 0.6 }));
    const m = parseMatch(
      writeLog(
        'rcon',
        simulateMatch({
          seed: 1,
          start: new Date('2025-01-01T20:00:00Z'),
          map: 'Foy',
          allies: tuned.slice(0, 50),
          axis: tuned.slice(50),
          alliedScore: 5,
          axisScore: 0,
        }).events,
      ),
    );
    const avg = (pick: (id: string) => boolean, f: 'kills' | 'deaths'): number => {
      const xs = Object.values(m.players).filter((p) => pick(p.id));
      return xs.reduce((s, p) => s + p[f], 0) / xs.length;
    };
    expect(avg((id) => strong.has(id), 'kills')).toBeGreaterThan(2 * avg((id) => !strong.has(id), 'kills'));
    expect(avg((id) => strong.has(id), 'deaths')).toBeLessThan(avg((id) => !strong.has(id), 'deaths'));
  });

  it('rejects unknown maps and impossible scores', () => {
    const base = { seed: 1, start: new Date(0), allies: ALLIES, axis: AXIS };
    expect(() => simulateMatch({ ...base, map: 'Atlantis', alliedScore: 3, axisScore: 2 })).toThrow(RangeError);
    expect(() => simulateMatch({ ...base, map: 'Foy', alliedScore: 4, axisScore: 2 })).toThrow(RangeError);
    expect(() => simulateMatch({ ...base, map: 'Foy', alliedScore: 1, axisScore: 2 })).toThrow(RangeError);
  });
});

describe('capPath', () => {
  it.each([
    [5, 0],
    [0, 5],
    [3, 2],
    [2, 3],
    [4, 1],
    [2, 2],
    [3, 1],
    [0, 4],
  ])('reaches %i-%i by legal captures', (a, x) => {
    for (let seed = 0; seed < 20; seed++) {
      const steps = capPath(mulberry32(seed), a, x);
      let [pa, px] = [2, 2];
      for (const s of steps) {
        // The capturing side gains a sector; the other side never gains.
        if (s.side === 'Allies') expect([s.allied - pa, s.axis <= px]).toEqual([1, true]);
        else expect([s.axis - px, s.allied <= pa]).toEqual([1, true]);
        expect(s.allied + s.axis).toBeLessThanOrEqual(5);
        [pa, px] = [s.allied, s.axis];
      }
      expect([pa, px]).toEqual([a, x]);
    }
  });
});
