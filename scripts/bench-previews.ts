/**
 * `npm run bench:previews`: the render time of each kind of link preview image (team, match, player, tournament,
 * home), from its card to a 1200x630 PNG: building the SVG, then rendering it with resvg and the shipped fonts.
 * The cards are the full-sized samples the previews unit test checks (tests/helpers/preview-cards.ts: 60 rating
 * points, three top players, a map banner). Prints the median and the slowest of `--rounds` renders per kind after
 * two warm-up renders (target: a median under 100 ms each), and the median CPU time of the process per image: on a
 * machine busy with other work the wall time grows, the CPU time does not.
 */
import { parseArgs } from 'node:util';
import { previewSvg } from '#lib/previews/svg.ts';
import { renderPng } from '#lib/server/previews/render.ts';
import { SAMPLE_CARDS } from '#tests/helpers/preview-cards.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const ROUNDS = Math.max(1, Number(values.rounds));

const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`Preview images, 1200x630 PNG: ${ROUNDS} renders per kind after 2 warm-ups`);
console.log('kind        svg (median)  png (median)  total (median)  total (slowest)  cpu (median)  bytes');
for (const card of SAMPLE_CARDS) {
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
