import { describe, expect, it } from 'vitest';
import { detectFormat, parseLog } from '#lib/domain/logs/index.ts';
import { csvRows } from '#lib/domain/logs/parse/parse-csv.ts';
import { readRconPrefix } from '#lib/domain/logs/parse/parse-rcon.ts';
import { splitKill } from '#lib/domain/logs/parse/ids.ts';

const STEAM = '76561198000000001';
const EOS = '0002a1b2c3d4e5f60718293a4b5c6d7e';

describe('splitKill', () => {
  it('reads plain HLU and RCON kill details', () => {
    expect(splitKill(`Sgt. Baker (Allies/${STEAM}) -> Vogel (Axis/${EOS}) with M1 GARAND`)).toEqual({
      killerName: 'Sgt. Baker',
      killerTeam: 'Allies',
      killerId: STEAM,
      victimName: 'Vogel',
      victimTeam: 'Axis',
      victimId: EOS,
      weapon: 'M1 GARAND',
    });
    expect(splitKill(`Sgt. Baker(Allies/${STEAM}) -> Vogel(Axis/${EOS}) with None`)?.weapon).toBeNull();
  });

  it('copes with names holding arrows, parentheses, colons, brackets and fake groups', () => {
    const killer = `a -> b (x/y) [TAG]: 李 (Axis/${STEAM}) -> z`;
    const victim = 'v -> w (Allies/123) )';
    const k = splitKill(
      `${killer} (Axis/${EOS}) -> ${victim} (Allies/76561198000000009) with MG 42 [Sd.Kfz 251 Half-track]`,
    );
    expect(k).toMatchObject({ killerId: EOS, victimId: '76561198000000009', weapon: 'MG 42 [Sd.Kfz 251 Half-track]' });
    expect(k?.victimName).toBe(victim);
    expect(k?.killerName).toBe(killer);
  });

  it('prefers the right-most split when a victim name mimics a whole kill', () => {
    const k = splitKill(`k (Axis/${EOS}) -> v (Allies/${STEAM}) -> w (Allies/76561198000000009) with None`);
    expect(k).toMatchObject({ killerName: `k (Axis/${EOS}) -> v`, killerId: STEAM, victimName: 'w', weapon: null });
  });

  it('rejects lines without valid (Team/ID) groups', () => {
    expect(splitKill('Baker (Allies/123) -> Vogel (Axis/456) with M1 GARAND')).toBeNull();
    expect(splitKill(`Baker (Allies/${STEAM}) -> Vogel (Axis/${EOS})`)).toBeNull();
    expect(splitKill('')).toBeNull();
  });
});

describe('RCON entry prefix', () => {
  it.each(['805 ms', '15.03 sec', '128 sec', '29:55 min', '2:14:33 hours'])('reads [%s (epoch)]', (rel) => {
    expect(readRconPrefix(`[${rel} (1715540551)] CONNECTED x (${STEAM})`)).toEqual({
      time: 1715540551000,
      bodyAt: rel.length + 16,
    });
  });

  it('joins continuation lines into a multi-line chat body and reads team switches by name', () => {
    const log = [
      `[1 sec (1715540500)] CONNECTED Ünï [x] (${STEAM})`,
      '[1 sec (1715540501)] TEAMSWITCH Ünï [x] (None > Allies)',
      `[1 sec (1715540502)] CHAT[Unit][Ünï [x](Allies/${STEAM})]: first line`,
      'second (line)]: here',
      '[1 sec (1715540503)] TEAMSWITCH stranger (None > Axis)',
    ].join('\n');
    const { events, skippedLines } = parseLog(log);
    expect(skippedLines).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['player_join_server', 'player_change_team', 'player_message']);
    expect(events[1]).toMatchObject({ player_id: STEAM, new: 'Allies', old: null });
    expect(events[2]).toMatchObject({ player_name: 'Ünï [x]', message: 'first line\nsecond (line)]: here' });
  });

  it('treats a kill of oneself as a suicide', () => {
    const { events } = parseLog(`[1 sec (1715540500)] KILL: me(Axis/${EOS}) -> me(Axis/${EOS}) with None`);
    expect(events[0]).toMatchObject({ type: 'player_suicide', player_id: EOS, player_team: 'Axis' });
  });
});

describe('CSV rows', () => {
  it('handles quoted commas, doubled quotes, newlines and an unquoted header', () => {
    const text = 'a,b,c\n"1","say ""hi"", ok","x\ny"\n"","",""';
    expect(csvRows(text)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'say "hi", ok', 'x\ny'],
      ['', '', ''],
    ]);
  });

  it('accepts CRLF line ends and an unterminated quote without throwing', () => {
    expect(csvRows('a,b\r\n"1","2"\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(csvRows('"open')).toEqual([['open']]);
  });
});

describe('detectFormat', () => {
  it('recognises each format from its first lines', () => {
    expect(detectFormat('-- Captured and exported using HLL Log Utilities v2.2.15\n')).toBe('hlu-txt');
    expect(detectFormat('19:02:14 - Sun, May 12\tMATCH STARTED       \tMATCH START CARENTAN WARFARE')).toBe('hlu-txt');
    expect(detectFormat('event_time,event_type,player_name\n"x","y","z"')).toBe('hlu-csv');
    expect(detectFormat('\uFEFF  {"logs": []}')).toBe('hlu-json');
    expect(detectFormat('\n[805 ms (1715540534)] MATCH START CARENTAN WARFARE')).toBe('rcon');
  });
});

describe('hlu-txt lines', () => {
  it('parses score lines, unit lines and chat with ": " in the message', () => {
    const log = [
      `20:33:11 - Sun, May 12\tPLAYER SCORE        \tA (b): c (${STEAM}): 1 C, 2 O, 3 D, 4 S (KD: 5/6)`,
      '20:33:26 - Sun, May 12\tUNIT CREATED        \tUnit Able created on team Allies',
      `19:07:11 - Sun, May 12\tCHAT[Allies][Able]  \tBaker: go: now (${STEAM})`,
      '19:07:11 - Sun, May 12\tSOMETHING NEW       \twhatever',
      `19:07:11 - Sun, May 12\tKILL                \tbroken`,
    ].join('\n');
    const { events, skippedLines } = parseLog(log, { year: 2024 });
    expect(skippedLines).toBe(1);
    expect(events[0]).toMatchObject({
      type: 'player_score_update',
      player_name: 'A (b): c',
      combat: 1,
      support: 4,
      new: '5',
      message: '6',
    });
    expect(events[1]).toMatchObject({ type: 'squad_create', squad_name: 'Able', team_name: 'Allies' });
    expect(events[2]).toMatchObject({
      type: 'player_message',
      player_name: 'Baker',
      message: 'go: now',
      squad_name: 'Able',
    });
    expect(events[3]?.type).toBe('other');
    expect(events[0]?.time).toBe(Date.UTC(2024, 4, 12, 20, 33, 11));
  });
});

describe('RCON entry order', () => {
  it('reads a newest-first dump in epoch order', () => {
    const log = [
      `[1 sec (1715540600)] DISCONNECTED Baker (${STEAM})`,
      '[2 sec (1715540590)] MATCH ENDED `FOY WARFARE` ALLIED (5 - 0) AXIS',
      '[3 sec (1715540500)] MATCH START FOY WARFARE',
      `[4 sec (1715540400)] CONNECTED Baker (${STEAM})`,
    ].join('\n');
    const { events } = parseLog(log);
    expect(events.map((e) => e.type)).toEqual([
      'player_join_server',
      'server_match_start',
      'server_match_end',
      'player_leave_server',
    ]);
  });
});
