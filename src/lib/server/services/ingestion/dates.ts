import type { DB } from '#lib/server/db/index.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { firstMatchDate } from '#lib/server/repositories/matches-write.ts';
import { CLOCK_SKEW_MS } from './prepare.ts';

/** How far before its upload a match may be dated without the reporter confirming it (`backdated`). */
export const BACKDATED_AFTER_DAYS = 30;

const day = (date: Date) => date.toISOString().slice(0, 10);
const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Refuses (400) a match dated after its upload beyond CLOCK_SKEW_MS; and, unless the reporter confirmed the date
 * (`backdated`), one dated more than BACKDATED_AFTER_DAYS before the upload or before the series' first match: such a
 * match replays the series' ratings, which a wrong year (a log of last season) must not do by mistake.
 */
export async function checkReportDate(
  db: DB,
  report: { date: Date; uploadedAt: Date; series: { id: number; tag: string }; backdated: boolean },
): Promise<void> {
  const { date, uploadedAt, series } = report;
  if (date.getTime() > uploadedAt.getTime() + CLOCK_SKEW_MS)
    throw badRequest(messages.reportDateInFuture(minute(date), minute(uploadedAt)), { code: 'DateInFuture' });
  if (report.backdated) return;
  if (date.getTime() < uploadedAt.getTime() - BACKDATED_AFTER_DAYS * 86_400_000)
    throw badRequest(messages.reportBackdatedOld(day(date), day(uploadedAt), BACKDATED_AFTER_DAYS), {
      code: 'BackdatedNotConfirmed',
      date: date.toISOString(),
    });
  const first = await firstMatchDate(db, series.id);
  if (first && date.getTime() < first.getTime())
    throw badRequest(messages.reportBackdatedSeries(day(date), series.tag, day(first)), {
      code: 'BackdatedNotConfirmed',
      date: date.toISOString(),
    });
}
