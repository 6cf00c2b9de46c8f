import type { LogEvent } from '#lib/domain/logs/types.ts';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Python `str(datetime)` of a UTC instant: `YYYY-MM-DD HH:MM:SS[.ffffff]+00:00` (or ISO with 'T' via `sep`). */
export function pythonTime(ms: number, sep: ' ' | 'T'): string {
  const d = new Date(ms);
  const base =
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `${sep}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const micro = d.getUTCMilliseconds() * 1000;
  return `${base}${micro ? `.${pad(micro, 6)}` : ''}+00:00`;
}

const str = (n: number | null): string | null => (n === null ? null : String(n));

/**
 * The 20 HLU LogLine values of an event, in CSV column order, null for None. Mirrors HLU quirks: player2_role holds
 * the victim's name on kill rows; score rows carry kills in `new` and deaths in `message`.
 */
export function hluValues(e: LogEvent): (string | null)[] {
  const kill = e.type === 'player_kill' || e.type === 'player_teamkill';
  return [
    null,
    e.type,
    e.player_name,
    e.player_id,
    e.player_team,
    e.player_role,
    str(e.combat),
    str(e.offense),
    str(e.defense),
    str(e.support),
    e.player2_name,
    e.player2_id,
    e.player2_team,
    kill ? e.player2_name : null,
    e.weapon,
    e.old,
    e.new,
    e.team_name,
    e.squad_name,
    e.message,
  ];
}

/** Events HLU never writes (its exporter drops our catch-all kind). */
export function isWritable(e: LogEvent): boolean {
  return e.type !== 'other';
}
