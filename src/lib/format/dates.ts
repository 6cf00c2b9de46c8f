// Dates are shown in UTC: matches are played across time zones and the server renders every page the same.
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 'Mar 12, 2026' (UTC). */
export function formatDate(value: Date | string): string {
  return day.format(toDate(value));
}

/** 'Mar 12, 2026, 18:05 UTC'. */
export function formatDateTime(value: Date | string): string {
  return `${dayTime.format(toDate(value))} UTC`;
}

/** A match duration in minutes as '1 h 32 min' or '45 min'. */
export function formatDuration(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return rest ? `${Math.floor(whole / 60)} h ${rest} min` : `${whole / 60} h`;
}

/** How long ago `value` was, relative to `now`: 'just now', '5 minutes ago', '3 days ago'; after 30 days the date. */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - toDate(value).getTime()) / 1000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return plural(Math.floor(seconds / 86_400), 'day');
  return formatDate(value);
}
