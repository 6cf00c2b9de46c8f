const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const STAMP = /^(\d\d):(\d\d):(\d\d) - ([A-Z][a-z]{2}), ([A-Z][a-z]{2}) (\d\d)\t/m;
/** A weekday and month recur on the same day at most 28 years apart (40 covers a 29 February). */
const YEARS_BACK = 40;

/** The first timestamp of an HLU text export: `HH:MM:SS - Ddd, Mmm DD`, without the year HLU leaves out. */
export interface TxtStamp {
  weekday: number;
  month: number;
  day: number;
  /** Seconds into the day. */
  seconds: number;
  /** The stamp as written, e.g. 'Fri, Dec 27'. */
  text: string;
}

/** The first stamped line's weekday, month, day and time; undefined when no line carries a readable stamp. */
export function firstTxtStamp(text: string): TxtStamp | undefined {
  const found = STAMP.exec(text.slice(0, 200_000));
  if (!found) return undefined;
  const [, h, mi, s, weekdayName, monthName, dayText] = found;
  const weekday = WEEKDAYS.indexOf(weekdayName as (typeof WEEKDAYS)[number]);
  const month = MONTHS.indexOf(monthName as (typeof MONTHS)[number]);
  if (weekday < 0 || month < 0) return undefined;
  return {
    weekday,
    month,
    day: Number(dayText),
    seconds: Number(h) * 3600 + Number(mi) * 60 + Number(s),
    text: `${weekdayName}, ${monthName} ${dayText}`,
  };
}

/** The full English name of a weekday number (0 Sunday). */
export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday] ?? String(weekday);
}

/** The weekday of `stamp`'s month and day in `year`; undefined when that day does not exist (29 February). */
export function weekdayIn(stamp: TxtStamp, year: number): number | undefined {
  const date = new Date(Date.UTC(year, stamp.month, stamp.day));
  return date.getUTCMonth() === stamp.month ? date.getUTCDay() : undefined;
}

/**
 * The year of an HLU text export's first line: the most recent year in which its month and day fall on its weekday
 * and its moment is not after `notAfter` (epoch ms; the upload time plus the clock skew allowed). Undefined when no
 * year of the last 40 fits (a weekday that matches no such date).
 */
export function yearOfWeekday(stamp: TxtStamp, notAfter: number): number | undefined {
  const latest = new Date(notAfter).getUTCFullYear();
  for (let year = latest; year > latest - YEARS_BACK; year--) {
    if (weekdayIn(stamp, year) !== stamp.weekday) continue;
    if (Date.UTC(year, stamp.month, stamp.day) + stamp.seconds * 1000 <= notAfter) return year;
  }
  return undefined;
}
