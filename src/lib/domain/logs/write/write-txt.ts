import type { LogEvent } from '#lib/domain/logs/types.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');
const none = (v: string | null): string => v ?? 'None';

/** strftime `%H:%M:%S - %a, %b %d` in UTC. */
export function txtStamp(ms: number): string {
  const d = new Date(ms);
  return (
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} - ` +
    `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())}`
  );
}

function player(e: LogEvent): string {
  return `${none(e.player_name)} (${none(e.player_id)})`;
}

function playerTeam(e: LogEvent): string {
  return `${none(e.player_name)} (${none(e.player_team)}/${none(e.player_id)})`;
}

/** [label, details] of an event in HLU's text template, or null for kinds HLU does not print. */
function render(e: LogEvent): [string, string] | null {
  switch (e.type) {
    case 'player_join_server':
      return ['CONNECTED', player(e)];
    case 'player_leave_server':
      return ['DISCONNECTED', player(e)];
    case 'player_change_team':
      return ['TEAM SWITCHED', `${player(e)}: ${none(e.old)} -> ${none(e.new)}`];
    case 'player_change_squad':
      return ['UNIT SWITCHED', `${playerTeam(e)}: ${none(e.old)} -> ${none(e.new)}`];
    case 'player_change_role':
      return ['ROLE CHANGED', `${playerTeam(e)} changed role: ${none(e.old)} -> ${none(e.new)}`];
    case 'player_change_loadout':
      return ['LOADOUT CHANGED', `${playerTeam(e)} changed loadout: ${none(e.old)} -> ${none(e.new)}`];
    case 'player_enter_admin_cam':
      return ['CAMERA ENTERED', `${playerTeam(e)} entered admin cam`];
    case 'player_exit_admin_cam':
      return ['CAMERA EXITED', `${playerTeam(e)} exited admin cam`];
    case 'player_level_up':
      return ['LEVELUP', `${player(e)} leveled up: ${none(e.old)} -> ${none(e.new)}`];
    case 'player_score_update':
      return [
        'PLAYER SCORE',
        `${player(e)}: ${e.combat ?? 0} C, ${e.offense ?? 0} O, ${e.defense ?? 0} D, ${e.support ?? 0} S ` +
          `(KD: ${none(e.new)}/${none(e.message)})`,
      ];
    case 'player_kill':
    case 'player_teamkill':
      return [
        e.type === 'player_kill' ? 'KILL' : 'TEAM KILL',
        `${playerTeam(e)} -> ${none(e.player2_name)} (${none(e.player2_team)}/${none(e.player2_id)}) with ${none(e.weapon)}`,
      ];
    case 'player_suicide':
      return ['SUICIDE', playerTeam(e)];
    case 'player_message': {
      const label = `CHAT[${none(e.team_name)}]${e.squad_name ? `[${e.squad_name}]` : ''}`;
      return [label, `${none(e.player_name)}: ${none(e.message)} (${none(e.player_id)})`];
    }
    case 'server_map_change':
      return ['MAP CHANGED', `Map changed from ${none(e.old)} to ${none(e.new)}`];
    case 'server_match_start':
      return ['MATCH STARTED', `MATCH START ${none(e.new)}`];
    case 'server_warmup_end':
      return ['WARMUP ENDED', 'WARMUP ENDED'];
    case 'server_match_end':
      return ['MATCH ENDED', `MATCH ENDED \`${none(e.new)}\` ALLIED (${none(e.message)}) AXIS`];
    case 'team_capture_objective':
      return ['OBJECTIVE CAPTURED', `${none(e.team_name)} captured an objective: ALLIED (${none(e.message)}) AXIS`];
    case 'squad_create':
      return ['UNIT CREATED', `Unit ${none(e.squad_name)} created on team ${none(e.team_name)}`];
    case 'squad_disband':
      return ['UNIT DISBANDED', `Unit ${none(e.squad_name)} disbanded on team ${none(e.team_name)}`];
    default:
      return null;
  }
}

/** HLU's text export: header line, then `<stamp>\t<label ljust 20>\t<details>` per event, joined by '\n'. */
export function writeTxt(events: readonly LogEvent[], version = 'v2.2.15'): string {
  const lines = [`-- Captured and exported using HLL Log Utilities ${version}`];
  for (const e of events) {
    const r = render(e);
    if (r) lines.push(`${txtStamp(e.time)}\t${r[0].padEnd(20)}\t${r[1]}`);
  }
  return lines.join('\n');
}
