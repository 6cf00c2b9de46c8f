/**
 * The HTML of the kit's small components (team badge and icon, date, status badge, rank, side label) as plain
 * strings: the components print these (src/components/kit/TeamBadge.astro and the others), and tables print them
 * for their cells without a component per cell (#lib/kit/cells.ts plainCellHtml). A team page shows a hundred such
 * badges; an Astro component for each was a large part of its render time. Their styles are global, rooted in each
 * badge's own class, so the markup carries no scoping attributes.
 */
import { calculationStatusLabel, formatDate, formatDateTime, ordinal, statusTone } from '#lib/format/index.ts';
import { escapeText } from '#lib/format/markup.ts';
import { iconTone, iconUrl, initials } from './team-icon.ts';

/** A team as badges show it; an unregistered team is known by its tag only. */
export interface TeamRef {
  tag: string;
  name?: string | null | undefined;
  icon?: string | null | undefined;
  /** False for a team that is not registered (shown by tag only, flagged 'unregistered'). Default true. */
  registered?: boolean | undefined;
}

export type Side = 'Allies' | 'Axis';
export type IconSize = 24 | 48;

/** ` name="value"` as Astro writes an attribute (` name` for '', nothing for undefined). */
export const attribute = (name: string, value: string | undefined): string =>
  value === undefined
    ? ''
    : value === ''
      ? ` ${name}`
      : ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;

/**
 * A team's (or tournament's) icon at 24 px (lists) or 48 px (cards, the top team): the tag's initials on a token
 * colour under the image, so the initials show when there is no icon or it cannot load. Decorative (aria-hidden):
 * the tag is always printed next to it. `resizeOrigin`: ICON_RESIZE_URL (see iconUrl).
 */
export function teamIconHtml(
  tag: string,
  icon: string | null | undefined,
  size: IconSize,
  resizeOrigin: string | null,
) {
  const src = iconUrl(icon, size, resizeOrigin);
  const image = src
    ? `<img${attribute('src', src)} alt="" width="${size}" height="${size}" loading="lazy" decoding="async" referrerpolicy="no-referrer">`
    : '';
  return `<span class="team-icon ${size === 48 ? 'large' : 'small'} tone-${iconTone(tag)}" aria-hidden="true"><span class="initials">${escapeText(initials(tag))}</span>${image}</span>`;
}

export interface TeamBadgeOptions {
  href?: string | null | undefined;
  size?: IconSize;
  /** Print the name after the tag (default true). */
  showName?: boolean;
  /** Print the tag and name as the page's h1 (a team page's header); the icon stays outside it. No link. */
  heading?: boolean;
}

/**
 * A team as every page shows it: icon, tag (a link to the team's page when `href` is given) and name. A team that
 * is not registered is shown by its tag only, flagged 'unregistered' (spec section 8), and links nowhere.
 */
export function teamBadgeHtml(team: TeamRef, options: TeamBadgeOptions, resizeOrigin: string | null): string {
  const { href, size = 24, showName = true, heading = false } = options;
  const registered = team.registered ?? true;
  const name = registered && showName && team.name ? `<span class="name">${escapeText(team.name)}</span>` : '';
  const tag = `<span class="tag">${escapeText(team.tag)}</span>`;
  const classes = `team-badge${size === 48 ? ' large' : ''}${heading ? ' heading' : ''}`;
  if (heading) {
    const icon = teamIconHtml(team.tag, team.icon, size, resizeOrigin);
    return `<span class="${classes}">${icon}<h1>${tag}${name && ` ${name}`}</h1></span>`;
  }
  const icon = registered ? `${teamIconHtml(team.tag, team.icon, size, resizeOrigin)} ` : '';
  const body = !registered
    ? `<span class="team">${tag} <span class="flag">unregistered</span></span>`
    : href
      ? `<a class="team"${attribute('href', href)}>${icon}${tag}</a>`
      : `<span class="team">${icon}${tag}</span>`;
  return `<span class="${classes}">${body}${name && ` ${name}`}</span>`;
}

/** A date as 'Mar 12, 2026' (with the time when `withTime`), the full timestamp in <time datetime> and its title. */
export function dateTimeHtml(date: string | Date, withTime = false): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '<span>–</span>';
  const full = escapeText(formatDateTime(value));
  return `<time datetime="${value.toISOString()}" title="${full}">${withTime ? full : escapeText(formatDate(value))}</time>`;
}

/** A match's calculation status with the exact label of spec section 4 ('Pending approval'); the tone supports it. */
export function statusBadgeHtml(status: string): string {
  return `<span class="status-badge ${statusTone(status)}">${escapeText(calculationStatusLabel(status))}</span>`;
}

/** The rank as shown: an ordinal ('1st') for a ranked team, 'pending' otherwise (spec section 4). */
export function rankText(rank: number, ranking: 'ranked' | 'pending'): string {
  return ranking === 'ranked' ? ordinal(rank) : 'pending';
}

/** A team's rank (rankText), muted while pending. */
export function rankHtml(rank: number, ranking: 'ranked' | 'pending'): string {
  return `<span class="${ranking === 'ranked' ? 'rank' : 'rank pending'}">${escapeText(rankText(rank, ranking))}</span>`;
}

/** A side's name with its colour: the colour supports, the printed name carries the meaning (ui.md principle 4). */
export function sideLabelHtml(side: Side | null): string {
  if (!side) return '<span class="muted">–</span>';
  const tone = side === 'Allies' ? 'allies' : 'axis';
  return `<span class="side-label"><span class="swatch ${tone}" aria-hidden="true"></span>${side}</span>`;
}

/**
 * A result ('Won 4-1', '5-0') that never breaks at its hyphen, coloured as a win or a loss for the team whose side
 * it is read from (`won` null: a plain result). The words carry the meaning; the colour supports it.
 */
export function outcomeHtml(won: boolean | null, text: string): string {
  const tone = won === null ? '' : won ? ' win' : ' loss';
  return `<span class="outcome${tone}">${escapeText(text)}</span>`;
}

/** A team's last results, newest first ('W'/'L'), each coloured and read out in words. */
export function formHtml(form: readonly ('W' | 'L')[]): string {
  if (form.length === 0) return '<span class="muted">–</span>';
  const words = form.map((r) => (r === 'W' ? 'won' : 'lost')).join(', ');
  const marks = form.map((r) => `<span class="outcome ${r === 'W' ? 'win' : 'loss'}">${r}</span>`).join('');
  return `<span class="form" title="Last ${form.length}, newest first: ${words}"><span aria-hidden="true">${marks}</span><span class="visually-hidden">Last ${form.length}, newest first: ${words}</span></span>`;
}

/** Places moved in the ranking since a week ago: '▲2', '▼1', '–' (no change), 'new' (not ranked then). */
export function movementHtml(movement: number | null, ranked: boolean): string {
  if (!ranked) return '';
  if (movement === null) return ' <span class="movement new">new</span>';
  if (movement === 0) return ' <span class="movement same" title="No change since last week">–</span>';
  const up = movement > 0;
  const n = Math.abs(movement);
  const words = `${up ? 'up' : 'down'} ${n} ${n === 1 ? 'place' : 'places'} since last week`;
  return ` <span class="movement ${up ? 'up' : 'down'}" title="${words}"><span aria-hidden="true">${up ? '▲' : '▼'}${n}</span><span class="visually-hidden">${words}</span></span>`;
}
