import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLog, parseMatch } from '#lib/domain/logs/index.ts';
import { writeLog } from '#lib/domain/logs/write/index.ts';
import type { LogFormat } from '#lib/domain/logs/types.ts';

const dir = new URL('../../fixtures/hll/', import.meta.url);
const read = (ext: string): string => readFileSync(new URL(`hlu-example-logs.${ext}`, dir), 'utf8');
const FILES: [string, LogFormat][] = [
  ['txt', 'hlu-txt'],
  ['csv', 'hlu-csv'],
  ['json', 'hlu-json'],
];
const BAKER = '76561198000000001';
const KRAUSE = '76561198000000002';
const ORTIZ = '76561198000000003';
const VOGEL = '0002a1b2c3d4e5f60718293a4b5c6d7e';

describe.each(FILES)('shipped HLU example (%s)', (ext, format) => {
  const m = parseMatch(read(ext), { year: 2024 });

  it('detects the format and reads the match header', () => {
    expect(m.format).toBe(format);
    expect(m.skipped_lines).toBe(0);
    expect(m.start).toBe('2024-05-12T19:02:14.000Z');
    expect(m.end).toBe('2024-05-12T20:33:11.000Z');
    expect(m.date).toBe(m.start);
    expect(m.duration).toBe(91);
    expect(m.map).toBe('carentan');
    expect(m.map_name).toBe('Carentan');
    expect(m.gamemode).toBe('warfare');
    expect([m.allied_score, m.axis_score, m.victor_side, m.result]).toEqual([2, 3, 'Axis', '3-2']);
    expect(m.cap_flips).toEqual([{ at: 897, side: 'Axis', new_score: '2-3' }]);
  });

  it('computes Sgt. Baker by hand: 2 kills, 2 deaths, streak 2, scores from his PLAYER SCORE line', () => {
    const p = m.players[BAKER];
    expect(p).toBeDefined();
    expect(p).toMatchObject({
      side: 'Allies',
      name: 'Sgt. Baker',
      aliases: ['Sgt. Baker'],
      kills: 2,
      deaths: 2,
      teamkills: 0,
      suicides: 0,
      max_streak: 2,
      combat_points: 182,
      offensive_points: 240,
      defensive_points: 60,
      support_points: 120,
      weapons: { 'M1 GARAND': 2 },
      victims: { [KRAUSE]: 1, [VOGEL]: 1 },
      killers: { [KRAUSE]: 1, [ORTIZ]: 1 },
      kill_events: [417, 429],
      roles: [{ role: 'Officer', at: 42 }],
      squads: [{ squad: 'Able', joined: 38, left: 5457 }],
    });
    // Connected 19:02:31, match ended 20:33:11 (his disconnect comes later): 5440 s.
    expect(p?.playtime).toBe(90.67);
    expect(p?.kpm).toBeCloseTo(2 / (5440 / 60), 3);
    expect(p?.cpm).toBeCloseTo(182 / (5440 / 60), 3);
    expect(p?.spm).toBeCloseTo(120 / (5440 / 60), 3);
  });

  it('counts players without a connect line from MATCH START and attributes teamkills and suicides', () => {
    expect(Object.keys(m.players).sort()).toEqual([VOGEL, BAKER, KRAUSE, ORTIZ].sort());
    const full = Math.round((5457 / 60) * 100) / 100;
    expect(m.players[KRAUSE]).toMatchObject({
      side: 'Axis',
      kills: 1,
      deaths: 1,
      playtime: full,
      weapons: { MG42: 1 },
    });
    expect(m.players[ORTIZ]).toMatchObject({
      side: 'Allies',
      kills: 0,
      deaths: 1,
      teamkills: 1,
      victims: { [BAKER]: 1 },
    });
    expect(m.players[VOGEL]).toMatchObject({ side: 'Axis', kills: 1, deaths: 2, suicides: 1, support_points: 180 });
    expect(m.players[VOGEL]?.weapons).toEqual({ 'TELLERMINE 43': 1 });
  });

  it('builds per-side kill statistics through the weapon catalogue', () => {
    expect(m.kill_statistics.Allies).toMatchObject({
      kills: 2,
      deaths: 3,
      teamkills: 1,
      suicides: 0,
      by_category: { infantry: 2 },
    });
    expect(m.kill_statistics.Axis).toMatchObject({ kills: 2, deaths: 3, teamkills: 0, suicides: 1 });
    expect(m.kill_statistics.Axis.support).toEqual({
      pak: 0,
      bazooka: 0,
      satchel: 0,
      grenade: 0,
      mine: 1,
      machine_gun: 1,
      sniper: 0,
    });
  });

  it('writes the example back byte for byte (apart from the final newline of the fixture file)', () => {
    const text = read(ext);
    expect(writeLog(format, parseLog(text, { year: 2024 }).events)).toBe(text.replace(/\n$/, ''));
  });
});

describe('shipped examples agree', () => {
  it('gives identical statistics in txt, csv and json', () => {
    const [txt, csv, json] = FILES.map(([ext]) => parseMatch(read(ext), { year: 2024 }));
    expect(csv?.players).toEqual(txt?.players);
    expect(json?.players).toEqual(txt?.players);
    expect(json?.kill_statistics).toEqual(csv?.kill_statistics);
  });

  it('uses the current UTC year for text logs without a year option', () => {
    const m = parseMatch(read('txt'));
    expect(m.start.slice(0, 4)).toBe(String(new Date().getUTCFullYear()));
    expect(m.start.slice(4)).toBe('-05-12T19:02:14.000Z');
  });
});
