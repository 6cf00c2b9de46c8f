import { mapFacts } from '#lib/domain/catalogue/maps.ts';
import { blankEvent } from '#lib/domain/logs/event.ts';
import type { LogEvent, Side } from '#lib/domain/logs/types.ts';
import { capPath } from './cap-path.ts';
import { mulberry32 } from './prng.ts';
import type { Rng } from './prng.ts';
import type { Actor, ActorRates } from './sim-actors.ts';
import { activeSession, planActor, sideAt } from './sim-actors.ts';
import type { KillRates } from './sim-kills.ts';
import { simulateKills } from './sim-kills.ts';
import type { SimPlayer } from './sim-players.ts';
import { sessionEvents, unitName } from './sim-sessions.ts';

export interface SimulateOptions extends Partial<ActorRates>, Partial<KillRates> {
  seed: number;
  /** MATCH START instant (rounded down to the second). */
  start: Date;
  durationMinutes?: number;
  /** Any map spelling resolveMap understands ('carentan', 'PHL', 'Hill 400', ...). */
  map: string;
  allies: SimPlayer[];
  axis: SimPlayer[];
  /** Final warfare score; allied + axis must be 4 or 5 (e.g. 5-0, 3-2, 2-2, 3-1). */
  alliedScore: number;
  axisScore: number;
  /** Chat lines to write (default 25); some hold commas, quotes, Unicode and newlines. */
  chats?: number;
}

/** A simulated match: chronological events (absolute UTC) ready for the writers. */
export interface SimulatedMatch {
  events: LogEvent[];
  start: Date;
  end: Date;
  map: string;
  mapString: string;
  alliedScore: number;
  axisScore: number;
  /** Epoch ms after the last event (when the next match may start). */
  lastEventTime: number;
}

const CHAT = [
  'garry on the hedge, north of point',
  'they push left',
  'need "ammo" at the barn',
  'gg wp',
  'Achtung! Panzer bei Punkt 3',
  'où est le médecin ?',
  'tank -> east, 200m',
  'smoke pls: mid',
  'line one\nline two',
  'спасибо',
  '加油',
  'nice (very nice) shot',
  '"quoted", with commas, ok',
];

function sortEvents(events: LogEvent[]): LogEvent[] {
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.time - b.e.time || a.i - b.i)
    .map(({ e }) => e);
}

function extras(rng: Rng, actors: Actor[], from: number, to: number, end: number, chats: number): LogEvent[] {
  const out: LogEvent[] = [];
  const someone = (t: number): Actor | null => {
    const live = actors.filter((a) => activeSession(a, t, end));
    return live.length > 0 ? rng.pick(live) : null;
  };
  const at = (): number => from + Math.floor(rng.next() * ((to - from) / 1000)) * 1000;
  const fill = (e: LogEvent, a: Actor, withTeam: boolean): void => {
    const s = activeSession(a, e.time, end);
    e.player_name = s?.name ?? a.player.name;
    e.player_id = a.player.id;
    e.player_team = withTeam ? sideAt(a, e.time) : null;
    e.player_role = s?.role ?? null;
  };
  for (let i = 0; i < chats; i++) {
    const e = blankEvent('player_message', at());
    const a = someone(e.time);
    if (!a) continue;
    fill(e, a, true);
    e.team_name = e.player_team;
    e.squad_name = rng.chance(0.5)
      ? unitName(a.squadIndex + (a.switchAt !== null && e.time >= a.switchAt ? 1 : 0))
      : null;
    e.message = rng.pick(CHAT);
    out.push(e);
  }
  for (let i = 0; i < 8; i++) {
    const e = blankEvent('player_level_up', at());
    const a = someone(e.time);
    if (!a) continue;
    fill(e, a, false);
    const level = rng.int(1, 200);
    e.old = String(level);
    e.new = String(level + 1);
    out.push(e);
  }
  const admin = someone(from);
  if (admin) {
    const enter = blankEvent('player_enter_admin_cam', from + 60_000);
    fill(enter, admin, true);
    const exit = blankEvent('player_exit_admin_cam', from + 75_000);
    fill(exit, admin, true);
    if (activeSession(admin, exit.time, end)) out.push(enter, exit);
  }
  return out;
}

/**
 * Deterministic, realistic warfare match for tests and demo data (same options, same events): connects before and
 * after MATCH START, reconnects (some under a new name), early leavers, mid-match team switches, kills with
 * faction weapons from the catalogue (some None), teamkills, suicides, chats, cap flips that end at the final score,
 * PLAYER SCORE lines after MATCH ENDED, then everyone disconnects. Throws RangeError for an unknown map or bad score.
 */
export function simulateMatch(options: SimulateOptions): SimulatedMatch {
  const facts = mapFacts(options.map);
  if (!facts) throw new RangeError(`Unknown map '${options.map}'`);
  const rng = mulberry32(options.seed);
  const start = Math.floor(options.start.getTime() / 1000) * 1000;
  const end = start + Math.round((options.durationMinutes ?? 90) * 60) * 1000;
  const rates: ActorRates = {
    lateJoin: options.lateJoin ?? 0.12,
    reconnect: options.reconnect ?? 0.08,
    rename: options.rename ?? 0.3,
    earlyLeave: options.earlyLeave ?? 0.04,
    teamSwitch: options.teamSwitch ?? 0.03,
  };
  const actors = [
    ...options.allies.map((p, i) => planActor(rng, p, 'Allies', i, start, end, rates)),
    ...options.axis.map((p, i) => planActor(rng, p, 'Axis', i, start, end, rates)),
  ];
  const mapString = `${facts.rconName} WARFARE`;
  const events: LogEvent[] = [];
  const mapChange = blankEvent('server_map_change', start - 3000);
  mapChange.old = 'stmariedumont_warfare';
  mapChange.new = facts.warfareLayer;
  const matchStart = blankEvent('server_match_start', start);
  matchStart.new = mapString;
  events.push(mapChange, matchStart, blankEvent('server_warmup_end', start + 180_000));
  const units = new Set<string>();
  for (const a of actors) events.push(...sessionEvents(rng, a, units, end + rng.int(5, 180) * 1000));
  const factions: Record<Side, string> = { Allies: facts.allies, Axis: facts.axis };
  const killRates: KillRates = {
    killsPerMinute: options.killsPerMinute ?? 20,
    teamkill: options.teamkill ?? 0.02,
    suicide: options.suicide ?? 0.01,
    noneWeapon: options.noneWeapon ?? 0.01,
  };
  events.push(...simulateKills(rng, actors, factions, { from: start + 60_000, to: end - 1000, end }, killRates));
  events.push(...extras(rng, actors, start + 120_000, end - 60_000, end, options.chats ?? 25));
  const steps = capPath(rng, options.alliedScore, options.axisScore);
  const capTimes = steps.map(() => start + 300_000 + Math.floor(rng.next() * ((end - start - 480_000) / 1000)) * 1000);
  capTimes.sort((a, b) => a - b);
  steps.forEach((step, i) => {
    const e = blankEvent('team_capture_objective', capTimes[i] ?? start);
    e.team_name = step.side;
    e.message = `${step.allied} - ${step.axis}`;
    events.push(e);
  });
  const matchEnd = blankEvent('server_match_end', end);
  matchEnd.new = mapString;
  matchEnd.message = `${options.alliedScore} - ${options.axisScore}`;
  events.push(matchEnd, ...scoreLines(rng, actors, end));
  for (const unit of units) {
    const e = blankEvent('squad_disband', end + 200_000);
    [e.team_name, e.squad_name] = unit.split('/') as [string, string];
    events.push(e);
  }
  const sorted = sortEvents(events);
  return {
    events: sorted,
    start: new Date(start),
    end: new Date(end),
    map: facts.id,
    mapString,
    alliedScore: options.alliedScore,
    axisScore: options.axisScore,
    lastEventTime: (sorted[sorted.length - 1] as LogEvent).time,
  };
}

/** PLAYER SCORE lines at the match end for everyone still connected; points grow with strength and kills. */
function scoreLines(rng: Rng, actors: Actor[], end: number): LogEvent[] {
  const out: LogEvent[] = [];
  for (const a of actors) {
    const last = a.sessions[a.sessions.length - 1];
    if (!last || last.to !== null || last.from > end) continue;
    const e = blankEvent('player_score_update', end);
    e.player_name = last.name;
    e.player_id = a.player.id;
    e.player_team = sideAt(a, end);
    e.player_role = last.role;
    e.combat = Math.round(a.kills * 6 + rng.int(0, 80) * a.strength);
    e.offense = Math.round(rng.int(0, 30) * 20 * a.strength);
    e.defense = Math.round(rng.int(0, 30) * 20 * a.strength);
    e.support = Math.round(rng.int(0, 40) * 10 * a.strength);
    e.new = String(a.kills);
    e.message = String(a.deaths);
    out.push(e);
  }
  return out;
}
