/**
 * `npm run bench:previews`: the render time of each kind of link preview image (team, match, player, tournament,
 * home), from its card to a 1200x630 PNG: building the SVG, then rendering it with resvg and the shipped fonts.
 * Cards are full-sized (60 rating points, three top players, a map banner). Prints the median and the slowest of
 * `--rounds` renders per kind after two warm-up renders (target: a median under 100 ms each), and the median CPU
 * time of the process per image: on a machine busy with other work the wall time grows, the CPU time does not.
 */
import { parseArgs } from 'node:util';
import { previewSvg } from '#lib/previews/svg.ts';
import { renderPng } from '#lib/server/previews/render.ts';
import type { PreviewCard } from '#lib/previews/cards.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const ROUNDS = Math.max(1, Number(values.rounds));

const history = Array.from({ length: 60 }, (_, i) => {
  const mu = 25 + i * 0.2 + Math.sin(i / 3);
  const sigma = 8.3 - i * 0.1;
  return { date: new Date(Date.UTC(2026, 0, 1 + i * 3)).toISOString(), mu, sigma, score: mu - 3 * sigma };
});
const CARDS: PreviewCard[] = [
  {
    kind: 'team',
    series: 'S3',
    key: '[7DR]',
    tag: '[7DR]',
    name: '7th Dragoons',
    rank: 3,
    ranked: true,
    score: 28.41,
    wins: 14,
    losses: 3,
    history,
  },
  {
    kind: 'match',
    series: 'S3',
    key: '1234',
    banner: 'carentan-day',
    map: 'Carentan',
    title: null,
    teams: [
      { tag: '[7DR]', name: '7th Dragoons' },
      { tag: 'ABC', name: 'Alpha Bravo Charlie' },
    ],
    result: '4-1',
    victorSide: 'Allies',
    date: '2026-03-12T18:00:00Z',
    status: 'posted',
    type: 'competitive',
    top: [
      { name: 'Sgt. Längername', team: '[7DR]', kills: 42, deaths: 10 },
      { name: 'Bravo Two', team: 'ABC', kills: 30, deaths: 12 },
      { name: 'Charlie Three', team: '[7DR]', kills: 22, deaths: 15 },
    ],
  },
  {
    kind: 'player',
    series: 'S3',
    key: '76561190000000001',
    name: 'Major Tom',
    team: '[7DR]',
    game: 'competitive',
    matches: 42,
    skill: [1.2, -0.4, 0.8, 2.1],
    kpm: 0.85,
  },
  {
    kind: 'tournament',
    series: 'S3',
    key: 'CUP',
    tag: 'CUP',
    name: 'Spring Cup 2026',
    event: true,
    active: true,
    teams: 8,
    matches: 14,
    leaders: [
      { tag: '[7DR]', wins: 5, losses: 0 },
      { tag: 'ABC', wins: 4, losses: 1 },
      { tag: 'XYZ', wins: 3, losses: 2 },
    ],
  },
  {
    kind: 'home',
    series: 'S3',
    key: 'S3',
    name: 'Season 3',
    teams: 40,
    matches: 1234,
    players: 800,
    top: ['[7DR]', 'ABC', 'XYZ', 'QRS', 'TUV'].map((tag, i) => ({ tag, name: tag, score: 28 - i })),
  },
];

const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`Preview images, 1200x630 PNG: ${ROUNDS} renders per kind after 2 warm-ups`);
console.log('kind        svg (median)  png (median)  total (median)  total (slowest)  cpu (median)  bytes');
for (const card of CARDS) {
  for (let i = 0; i < 2; i++) await renderPng(previewSvg(card));
  const svgTimes: number[] = [];
  const pngTimes: number[] = [];
  const cpuTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const svg = previewSvg(card);
    const t1 = performance.now();
    bytes = (await renderPng(svg)).length;
    svgTimes.push(t1 - t0);
    pngTimes.push(performance.now() - t1);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  const totals = svgTimes.map((t, i) => t + (pngTimes[i] ?? 0));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `${card.kind.padEnd(12)}${ms(median(svgTimes)).padStart(12)}  ${ms(median(pngTimes)).padStart(12)}  ` +
      `${ms(median(totals)).padStart(14)}  ${ms(Math.max(...totals)).padStart(15)}  ${ms(median(cpuTimes)).padStart(12)}  ` +
      `${bytes}`,
  );
}
