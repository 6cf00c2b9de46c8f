import type { LogEvent } from '#lib/domain/logs/types.ts';

const none = (v: string | null): string => v ?? 'None';
const pad = (n: number): string => String(n).padStart(2, '0');

/** RCON's "time ago" prefix text for a delta in ms: `805 ms`, `15.03 sec`, `29:55 min`, `2:14:33 hours`. */
export function relativeTime(deltaMs: number): string {
  const ms = Math.max(0, Math.round(deltaMs));
  if (ms < 1000) return `${ms} ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${(ms / 1000).toFixed(2)} sec`;
  if (s < 3600) return `${Math.floor(s / 60)}:${pad(s % 60)} min`;
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)} hours`;
}

function who(name: string | null, team: string | null, id: string | null): string {
  return `${none(name)}(${none(team)}/${none(id)})`;
}

/** RCON body of an event, or null for kinds RCON does not log (scores, squads, roles, captures, ...). */
function body(e: LogEvent): string | null {
  switch (e.type) {
    case 'player_join_server':
      return `CONNECTED ${none(e.player_name)} (${none(e.player_id)})`;
    case 'player_leave_server':
      return `DISCONNECTED ${none(e.player_name)} (${none(e.player_id)})`;
    case 'player_change_team':
      return `TEAMSWITCH ${none(e.player_name)} (${none(e.old)} > ${none(e.new)})`;
    case 'player_kill':
    case 'player_teamkill':
      return (
        `${e.type === 'player_kill' ? 'KILL' : 'TEAM KILL'}: ${who(e.player_name, e.player_team, e.player_id)} -> ` +
        `${who(e.player2_name, e.player2_team, e.player2_id)} with ${none(e.weapon)}`
      );
    case 'player_suicide': {
      const self = who(e.player_name, e.player_team, e.player_id);
      return `KILL: ${self} -> ${self} with None`;
    }
    case 'player_message':
      return `CHAT[${e.squad_name ? 'Unit' : 'Team'}][${who(e.player_name, e.player_team, e.player_id)}]: ${none(e.message)}`;
    case 'player_enter_admin_cam':
      return `Player [${none(e.player_name)} (${none(e.player_id)})] Entered Admin Camera`;
    case 'player_exit_admin_cam':
      return `Player [${none(e.player_name)} (${none(e.player_id)})] Left Admin Camera`;
    case 'server_match_start':
      return `MATCH START ${none(e.new)}`;
    case 'server_match_end':
      return `MATCH ENDED \`${none(e.new)}\` ALLIED (${none(e.message)}) AXIS`;
    default:
      return null;
  }
}

/**
 * Raw RCON admin log: `[<time ago> (<epoch seconds>)] <body>` per event, oldest first, joined by '\n'. "Time ago" is
 * measured from `now` (default: the last event). Suicides are written as a kill of oneself with None.
 */
export function writeRcon(events: readonly LogEvent[], now?: number): string {
  const last = events.length > 0 ? (events[events.length - 1] as LogEvent).time : 0;
  const reference = now ?? last;
  const lines: string[] = [];
  for (const e of events) {
    const b = body(e);
    if (b !== null) lines.push(`[${relativeTime(reference - e.time)} (${Math.floor(e.time / 1000)})] ${b}`);
  }
  return lines.join('\n');
}
