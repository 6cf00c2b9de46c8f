/**
 * The SVG of a link preview (1200x630) for each kind of card: a team with its score's history as a sparkline (the
 * chart kit's rating geometry), a match under its map's banner (the map art), a player with the radar of the four
 * skills (the chart kit's radar geometry), a tournament with its leaders, and the home page with the series' top 5.
 */
import type { HomeCard, MatchCard, PlayerCard, PreviewCard, TeamCard, TournamentCard } from './cards.ts';
import { cardFacts } from './words.ts';
import { COLORS, PREVIEW_WIDTH, figures, frame, isolate, text, tile } from './draw.ts';
import { ratingGeometry } from '#lib/charts/rating.ts';
import { radarGeometry, SKILL_AXES, shortAxisLabel } from '#lib/charts/radar.ts';
import { bannerSvg } from '#lib/map-art/banner.ts';
import { bannerVariant } from '#lib/map-art/catalogue.ts';
import { el } from '#lib/map-art/svg.ts';
import {
  calculationStatusLabel,
  formatCount,
  formatDate,
  formatScore,
  matchTypeLabel,
  ordinal,
} from '#lib/format/index.ts';

function teamSvg(card: TeamCard): string {
  const facts = cardFacts(card);
  const head =
    tile(60, 56, 168, card.tag) +
    text(260, 128, card.tag, { size: 72, weight: 700, max: 18 }) +
    text(260, 196, card.name, { size: 44, fill: COLORS.muted, max: 36 }) +
    text(60, 300, facts.join('  ·  '), { size: 48, weight: 700, fill: COLORS.accent, max: 44 });
  if (card.history.length < 2) {
    return head + text(60, 420, 'The score history starts with the next match.', { size: 32, fill: COLORS.muted });
  }
  const chart = ratingGeometry(card.history, {
    width: 1080,
    height: 210,
    margin: { top: 10, right: 10, bottom: 10, left: 10 },
  });
  const last = chart.points.at(-1);
  const spark =
    el('path', { d: chart.band, fill: COLORS.accent, opacity: 0.12 }) +
    el('path', { d: chart.score, fill: 'none', stroke: COLORS.accent, 'stroke-width': 5, 'stroke-linejoin': 'round' }) +
    (last ? el('circle', { cx: last.x, cy: last.score, r: 9, fill: COLORS.accent }) : '');
  return (
    head +
    el('rect', { x: 60, y: 330, width: 1080, height: 210, rx: 12, fill: COLORS.surface }) +
    `<g transform="translate(60 330)">${spark}</g>` +
    text(80, 370, `Score after each match (${card.history.length})`, { size: 24, fill: COLORS.muted })
  );
}

/** The banner of the map as a nested drawing across the top, darkened at the foot so text reads on any sky. */
function banner(image: string | null): string {
  const variant = image ? bannerVariant(image) : undefined;
  if (!variant) return el('rect', { width: PREVIEW_WIDTH, height: 300, fill: COLORS.surface2 });
  const art = bannerSvg(variant).replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, '<svg x="0" y="0"');
  return art;
}

function matchSvg(card: MatchCard): string {
  const [winner, loser] = card.teams;
  const sideColor =
    card.victorSide === 'Allies' ? COLORS.allies : card.victorSide === 'Axis' ? COLORS.axis : COLORS.muted;
  const players = card.top
    .map(
      (p, i) =>
        text(760, 400 + i * 48, `${p.name}`, { size: 28, max: 18 }) +
        text(1140, 400 + i * 48, `${p.kills}-${p.deaths}`, { size: 28, weight: 700, anchor: 'end' }),
    )
    .join('');
  return (
    banner(card.banner) +
    el('rect', { y: 200, width: PREVIEW_WIDTH, height: 100, fill: '#000000', opacity: 0.55 }) +
    text(60, 268, card.title ?? card.map, { size: 48, weight: 700, max: 40 }) +
    tile(60, 326, 96, winner.tag) +
    text(176, 372, winner.tag, { size: 44, weight: 700, max: 12 }) +
    text(176, 414, card.victorSide ? `winner · ${card.victorSide}` : 'winner', { size: 24, fill: sideColor }) +
    text(520, 392, card.result, { size: 64, weight: 700, fill: COLORS.accent, anchor: 'middle' }) +
    tile(60, 446, 96, loser.tag) +
    text(176, 492, loser.tag, { size: 44, weight: 700, max: 12 }) +
    text(176, 534, loser.name ?? 'unregistered', { size: 24, fill: COLORS.muted, max: 24 }) +
    text(520, 440, formatDate(card.date), { size: 26, fill: COLORS.muted, anchor: 'middle' }) +
    text(520, 480, calculationStatusLabel(card.status), { size: 26, anchor: 'middle' }) +
    text(520, 520, matchTypeLabel(card.type), { size: 26, fill: COLORS.muted, anchor: 'middle' }) +
    (card.top.length ? text(760, 352, 'Top players (kills-deaths)', { size: 24, fill: COLORS.muted }) + players : '')
  );
}

function playerSvg(card: PlayerCard): string {
  const rows: [string, string][] = [
    ['Team', card.team ?? '–'],
    ['Matches', formatCount(card.matches)],
    ['Kills per minute', card.kpm === null ? '–' : card.kpm.toFixed(2)],
  ];
  const head =
    text(60, 140, card.name, { size: 72, weight: 700, max: 22 }) +
    text(60, 200, card.game ? `${matchTypeLabel(card.game)} matches` : 'No rated matches yet', {
      size: 36,
      fill: COLORS.muted,
    }) +
    figures(60, 300, rows);
  if (!card.skill) return head;
  const radar = radarGeometry(
    SKILL_AXES.map((label) => shortAxisLabel(label)),
    [{ name: card.name, values: card.skill }],
    {
      domain: [-3, 3],
      rings: [-2, 0, 2],
      width: 540,
      height: 400,
    },
  );
  const rings = radar.rings.map((r) =>
    el('path', { d: r.path, fill: 'none', stroke: COLORS.surface2, 'stroke-width': 2 }),
  );
  const axes = radar.axes.map(
    (a) =>
      el('line', { x1: radar.cx, y1: radar.cy, x2: a.x, y2: a.y, stroke: COLORS.surface2, 'stroke-width': 2 }) +
      text(a.labelX, a.labelY + 8, a.label, { size: 22, fill: COLORS.muted, anchor: a.anchor }),
  );
  const shape = radar.polygons.map((p) =>
    el('path', { d: p.path, fill: COLORS.accent, 'fill-opacity': 0.3, stroke: COLORS.accent, 'stroke-width': 4 }),
  );
  return head + `<g transform="translate(560 60)">${rings.join('')}${axes.join('')}${shape.join('')}</g>`;
}

function tournamentSvg(card: TournamentCard): string {
  const leaders = card.leaders.map(
    (l, i) =>
      tile(660, 250 + i * 96, 72, l.tag) +
      text(756, 298 + i * 96, `${ordinal(i + 1)}  ${isolate(l.tag)}`, { size: 36, weight: 700, max: 16 }) +
      text(1140, 298 + i * 96, `${l.wins}-${l.losses}`, { size: 36, anchor: 'end' }),
  );
  return (
    text(60, 130, card.name, { size: 64, weight: 700, max: 30 }) +
    text(
      60,
      190,
      `${isolate(card.tag)} · ${card.event ? 'Event' : 'League'} · ${card.active ? 'active' : 'finished'}`,
      {
        size: 34,
        fill: COLORS.muted,
        max: 50,
      },
    ) +
    figures(60, 300, [
      ['Teams', formatCount(card.teams)],
      ['Matches', formatCount(card.matches)],
    ]) +
    leaders.join('')
  );
}

function homeSvg(card: HomeCard): string {
  const top = card.top.map(
    (t, i) =>
      text(640, 310 + i * 50, `${ordinal(i + 1)}`, { size: 30, fill: COLORS.muted }) +
      text(720, 310 + i * 50, t.tag, { size: 32, weight: 700, max: 12 }) +
      text(1140, 310 + i * 50, formatScore(t.score), { size: 32, anchor: 'end' }),
  );
  return (
    text(60, 130, card.name, { size: 64, weight: 700, max: 30 }) +
    text(60, 190, 'Team rankings, match statistics and player skill', { size: 32, fill: COLORS.muted }) +
    figures(60, 300, [
      ['Teams', formatCount(card.teams)],
      ['Matches', formatCount(card.matches)],
      ['Players', formatCount(card.players)],
    ]) +
    (top.length ? text(640, 256, 'Top 5 by score', { size: 26, fill: COLORS.accent }) : '') +
    top.join('')
  );
}

/** The SVG document of a card's preview, 1200x630. */
export function previewSvg(card: PreviewCard): string {
  switch (card.kind) {
    case 'team':
      return frame(teamSvg(card), card.series);
    case 'match':
      return frame(matchSvg(card), card.series);
    case 'player':
      return frame(playerSvg(card), card.series);
    case 'tournament':
      return frame(tournamentSvg(card), card.series);
    case 'home':
      return frame(homeSvg(card), card.series);
  }
}
