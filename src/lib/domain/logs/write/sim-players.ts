import type { Rng } from './prng.ts';
import { mulberry32 } from './prng.ts';

/** A player taking part in a simulated match. Stronger players (default 1) get more kills and die less. */
export interface SimPlayer {
  id: string;
  name: string;
  strength?: number;
}

const TAGS = ['[91st]', '[CoRe]', '|HLL|', '{ESPT}', '(FR)', '[1.SS]', '=7DV=', '[ΣΔ]', '『JP』', '[GER-Elite]'];
const BASES = [
  'Baker',
  'Müller',
  'Krause',
  'Ñandú',
  'Zoë',
  'Łukasz',
  'Søren',
  'Ivan Petrovič',
  'Jean-Luc',
  "O'Brien",
  '李小龙',
  'Ωmega',
  'Ярослав',
  'Ahmed',
  'Kowalski',
  '🔥Blaze🔥',
  'Sgt. Rock',
  'Dr. "Doc"',
  'José',
  'Åsa',
  'mike, the medic',
  'Tank: Driver',
  'Name (with) parens',
  'a -> b',
  'Vogel',
  'Smith_99',
  'N1ghtOwl',
  'Ørjan',
];

function steamId(rng: Rng): string {
  return `7656119${String(rng.int(0, 9_999_999_999)).padStart(10, '0')}`;
}

function eosId(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += '0123456789abcdef'[rng.int(0, 15)];
  return s;
}

/**
 * Deterministic sample players with unique ids and names: Unicode, clan tags in brackets, names holding ':', '(',
 * ' -> ', quotes and commas, and about `eosShare` EOS ids. Strengths vary around 1.
 */
export function samplePlayers(
  seed: number,
  count: number,
  options: { eosShare?: number; prefix?: string } = {},
): SimPlayer[] {
  const rng = mulberry32(seed ^ 0x5bd1e995);
  const eosShare = options.eosShare ?? 0.15;
  const players: SimPlayer[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  while (players.length < count) {
    const base = `${rng.pick(BASES)}${rng.chance(0.5) ? String(rng.int(1, 999)) : ''}`;
    const name = `${options.prefix ?? ''}${rng.chance(0.4) ? `${rng.pick(TAGS)} ` : ''}${base}`;
    const id = rng.chance(eosShare) ? eosId(rng) : steamId(rng);
    if (names.has(name) || ids.has(id)) continue;
    names.add(name);
    ids.add(id);
    players.push({ id, name, strength: Math.round((0.5 + rng.next() * 1.5) * 100) / 100 });
  }
  return players;
}
