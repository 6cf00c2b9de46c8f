/**
 * What a table cell shows, as typed data: a page's column list maps a row to one of these and the kit's Cell
 * component renders it (team badges, dates in <time>, status badges, ranks, scores) the same way on every page.
 */
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { calculationStatusLabel, formatDate, formatDecimal, formatPercent, formatScore } from '#lib/format/index.ts';
import { escapeText } from '#lib/format/markup.ts';
import {
  attribute,
  dateTimeHtml,
  outcomeHtml,
  rankHtml,
  rankText,
  sideLabelHtml,
  statusBadgeHtml,
  teamBadgeHtml,
  type IconSize,
  type Side,
  type TeamRef,
} from './badges.ts';

export { rankText, type IconSize, type Side, type TeamRef };

/** An Astro component and its props, for a cell the kinds below do not cover. */
export interface ComponentCell {
  kind: 'component';
  component: AstroComponentFactory;
  props: Record<string, unknown>;
}

export type Cell =
  | { kind: 'text'; text: string; muted?: boolean; title?: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'team'; team: TeamRef; href?: string | null | undefined; size?: IconSize; showName?: boolean }
  | { kind: 'date'; date: string | Date; href?: string | undefined }
  | { kind: 'status'; status: string }
  | { kind: 'rank'; rank: number; ranking: 'ranked' | 'pending' }
  | { kind: 'score'; score: number | null | undefined }
  | { kind: 'decimal'; value: number | null | undefined; digits?: number }
  | { kind: 'percent'; share: number | null | undefined; digits?: number }
  | { kind: 'side'; side: Side | null }
  /** A result as read from one team's side ('Won 4-1'), coloured win or loss (null: neither), never broken. */
  | { kind: 'outcome'; won: boolean | null; text: string }
  /** Markup made by a function that escapes what it prints (a row's many small parts, without a component). */
  | { kind: 'html'; html: string; text: string }
  | ComponentCell;

/** A cell: plain text or a number (formatted with thousands separators), nothing ('–'), or a typed cell. */
export type CellValue = string | number | null | undefined | Cell;

/** Builders for typed cells, so column lists read as `cell.team(match.team_details[0], href)`. */
export const cell = {
  text: (text: string, options: { muted?: boolean; title?: string } = {}): Cell => ({ kind: 'text', text, ...options }),
  link: (text: string, href: string): Cell => ({ kind: 'link', text, href }),
  team: (team: TeamRef, href?: string | null, options: { size?: IconSize; showName?: boolean } = {}): Cell => ({
    kind: 'team',
    team,
    href,
    ...options,
  }),
  date: (date: string | Date, href?: string): Cell => ({ kind: 'date', date, href }),
  status: (status: string): Cell => ({ kind: 'status', status }),
  rank: (rank: number, ranking: 'ranked' | 'pending'): Cell => ({ kind: 'rank', rank, ranking }),
  score: (score: number | null | undefined): Cell => ({ kind: 'score', score }),
  decimal: (value: number | null | undefined, digits = 2): Cell => ({ kind: 'decimal', value, digits }),
  percent: (share: number | null | undefined, digits = 1): Cell => ({ kind: 'percent', share, digits }),
  side: (side: Side | null): Cell => ({ kind: 'side', side }),
  outcome: (won: boolean | null, text: string): Cell => ({ kind: 'outcome', won, text }),
  /** Markup escaped by its maker (with escapeText and attribute of #lib/kit/badges.ts), and its text as read. */
  html: (html: string, text: string): Cell => ({ kind: 'html', html, text }),
  /** Any Astro component with its props (props are checked here, against the component's own Props). */
  component: <P extends Record<string, unknown>>(component: (props: P) => unknown, props: P): Cell => ({
    kind: 'component',
    component: component as unknown as AstroComponentFactory,
    props,
  }),
} as const;

const counts = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/**
 * An integer as `counts` prints it ('-1,234'), written out: Intl's format took about 2 µs a call, most of the time
 * a scoreboard's two hundred number cells took. Only plain integers below 10^15 (not -0).
 */
function formatInteger(n: number): string {
  const digits = String(Math.abs(n));
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${text}` : text;
}

/** The text of a plain number cell: thousands separators, at most 2 decimals. */
export function formatNumberCell(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15 && !Object.is(n, -0)) return formatInteger(n);
  return Number.isFinite(n) ? counts.format(n) : '–';
}

/**
 * The visible text of a cell, as a person reads it (a team: tag and name, plus 'unregistered'). For tests of
 * column lists and for captions; a component cell has no text of its own ('').
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumberCell(value);
  switch (value.kind) {
    case 'text':
    case 'link':
    case 'html':
    case 'outcome':
      return value.text;
    case 'team': {
      const { tag, name, registered = true } = value.team;
      if (!registered) return `${tag} unregistered`;
      return value.showName === false || !name ? tag : `${tag} ${name}`;
    }
    case 'date':
      return formatDate(value.date);
    case 'status':
      return calculationStatusLabel(value.status);
    case 'rank':
      return rankText(value.rank, value.ranking);
    case 'score':
      return formatScore(value.score);
    case 'decimal':
      return formatDecimal(value.value, value.digits);
    case 'percent':
      return formatPercent(value.share, value.digits);
    case 'side':
      return value.side ?? '–';
    case 'component':
      return '';
  }
}

/**
 * The HTML of a cell, exactly as the Cell component renders it, for every kind but a component (undefined: the
 * Cell component renders it). Tables print their cells this way: a component per cell was most of a page's render
 * time. `iconResizeUrl`: the shell's ICON_RESIZE_URL, for team icons.
 */
export function plainCellHtml(value: CellValue, iconResizeUrl: string | null = null): string | undefined {
  if (value === null || typeof value !== 'object') return escapeText(cellText(value));
  switch (value.kind) {
    case 'text':
      return `<span${value.muted ? ' class="muted"' : ''}${attribute('title', value.title)}>${escapeText(value.text)}</span>`;
    case 'link':
      return `<a${attribute('href', value.href)}>${escapeText(value.text)}</a>`;
    case 'team':
      return teamBadgeHtml(
        value.team,
        { href: value.href, size: value.size ?? 24, showName: value.showName ?? true },
        iconResizeUrl,
      );
    case 'date':
      return value.href
        ? `<a${attribute('href', value.href)}>${dateTimeHtml(value.date)}</a>`
        : dateTimeHtml(value.date);
    case 'status':
      return statusBadgeHtml(value.status);
    case 'rank':
      return rankHtml(value.rank, value.ranking);
    case 'side':
      return sideLabelHtml(value.side);
    case 'html':
      return value.html;
    case 'outcome':
      return outcomeHtml(value.won, value.text);
    case 'score':
    case 'decimal':
    case 'percent':
      return escapeText(cellText(value));
    case 'component':
      return undefined;
  }
}
