import { describe, expect, it } from 'vitest';
import { detectFormat, parseMatch } from '#lib/domain/logs/index.ts';
import { writeLog } from '#lib/domain/logs/write/index.ts';
import type { ParsedMatch } from '#lib/domain/logs/types.ts';
import { ALLIES, AXIS, FORMATS, comparable, matchCore, standardMatch } from './sim-fixtures.ts';

const sim = standardMatch();
const parsed = new Map<string, ParsedMatch>(
  FORMATS.map((f) => [f, parseMatch(writeLog(f, sim.events), { year: 2025 })]),
);
const txt = parsed.get('hlu-txt') as ParsedMatch;

describe.each(FORMATS)('simulated 50 vs 50 match written as %s', (format) => {
  const m = parsed.get(format) as ParsedMatch;

  it('is recognised from the file alone', () => {
    expect(detectFormat(writeLog(format, sim.events))).toBe(format);
  });

  it('reads the whole match without skipping lines', () => {
    expect(m.format).toBe(format);
    expect(m.skipped_lines).toBe(0);
    expect(m.start).toBe('2025-06-01T18:00:00.000Z');
    expect(m.end).toBe('2025-06-01T19:30:00.000Z');
    expect(m.duration).toBe(90);
    expect(m.map).toBe('carentan');
    expect(m.gamemode).toBe('warfare');
    expect([m.allied_score, m.axis_score, m.victor_side, m.result]).toEqual([3, 2, 'Allies', '3-2']);
  });

  it('has all 100 players keyed by their ids, Unicode/bracketed names and EOS ids intact', () => {
    expect(Object.keys(m.players)).toHaveLength(100);
    for (const p of [...ALLIES, ...AXIS]) {
      const stats = m.players[p.id];
      expect(stats, p.name).toBeDefined();
      expect(stats?.aliases[0]).toBe(p.name);
    }
    expect(Object.keys(m.players).filter((id) => id.length === 32).length).toBeGreaterThan(5);
    expect(Object.values(m.players).some((p) => /\P{ASCII}/u.test(p.name))).toBe(true);
    expect(Object.values(m.players).some((p) => p.name.includes('['))).toBe(true);
  });

  it('keeps the bookkeeping consistent', () => {
    const players = Object.values(m.players);
    const kills = players.reduce((s, p) => s + p.kills, 0);
    const deaths = players.reduce((s, p) => s + p.deaths, 0);
    const tks = players.reduce((s, p) => s + p.teamkills, 0);
    const suicides = players.reduce((s, p) => s + p.suicides, 0);
    expect(kills).toBeGreaterThan(1000);
    expect(tks).toBeGreaterThan(0);
    expect(suicides).toBeGreaterThan(0);
    expect(deaths).toBe(kills + tks + suicides);
    expect(m.kill_statistics.Allies.kills + m.kill_statistics.Axis.kills).toBe(kills);
    expect(m.kill_statistics.Allies.deaths + m.kill_statistics.Axis.deaths).toBe(deaths);
    for (const p of players) {
      expect(Object.values(p.weapons).reduce((s, n) => s + n, 0)).toBe(p.kills);
      expect(Object.values(p.killers).reduce((s, n) => s + n, 0)).toBe(p.deaths - p.suicides);
      expect(p.kill_events).toHaveLength(p.kills);
      expect(p.max_streak).toBeLessThanOrEqual(p.kills);
      expect(p.playtime).toBeGreaterThan(0);
      expect(p.playtime).toBeLessThanOrEqual(90);
    }
    expect(players.some((p) => 'None' in p.weapons)).toBe(true);
  });

  it('tracks reconnects (less playtime, renamed aliases) and team switches', () => {
    const players = Object.values(m.players);
    const full = players.filter((p) => p.playtime === 90);
    expect(full.length).toBeGreaterThan(60);
    const renamed = players.filter((p) => p.aliases.length > 1);
    expect(renamed.length).toBeGreaterThan(0);
    for (const p of renamed) expect(p.name).toBe(`[RE] ${p.aliases[0]}`);
    const allySide = players.filter((p) => p.side === 'Allies').length;
    expect(allySide).toBeGreaterThan(40);
    expect(allySide).toBeLessThan(60);
  });

  if (format === 'rcon') {
    it('has no scores, roles, squads or cap flips (RCON lacks them)', () => {
      expect(m.cap_flips).toEqual([]);
      for (const p of Object.values(m.players)) {
        expect([p.combat_points, p.support_points, p.roles.length, p.squads.length]).toEqual([0, 0, 0, 0]);
      }
    });
  } else {
    it('has cap flips ending at the final score and score lines, roles and squads', () => {
      expect(m.cap_flips.length).toBeGreaterThan(0);
      expect(m.cap_flips[m.cap_flips.length - 1]?.new_score).toBe('3-2');
      expect(m.cap_flips).toEqual(txt.cap_flips);
      const players = Object.values(m.players);
      expect(players.filter((p) => p.combat_points > 0).length).toBeGreaterThan(80);
      expect(players.every((p) => p.roles.length > 0 && p.squads.length > 0)).toBe(true);
    });
  }
});

describe('cross-format equality for the same simulated match', () => {
  it.each(FORMATS)('%s gives the same statistics as hlu-txt', (format) => {
    const m = parsed.get(format) as ParsedMatch;
    expect(matchCore(m)).toEqual(matchCore(txt));
    for (const id of Object.keys(txt.players)) {
      expect(comparable(m.players[id]), id).toEqual(comparable(txt.players[id]));
      if (format !== 'rcon') expect(m.players[id]).toEqual(txt.players[id]);
    }
  });
});
