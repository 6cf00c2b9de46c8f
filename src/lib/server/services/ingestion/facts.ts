import type { ParsedMatch } from '#lib/domain/logs/index.ts';
import { resolveMap } from '#lib/domain/catalogue/maps.ts';
import type { MatchType, ReportOverrides, Side } from '#lib/server/db/tables/matches.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { COMPETITIVE_RESULTS } from '#lib/schemas/report.ts';

/** The match facts that a report may override, after the overrides are applied. */
export interface MatchFacts {
  map: string;
  date: Date;
  duration: number;
  result: string;
  victor_side: Side | null;
}

/** Normalises report-time overrides: the map resolves through the catalogue (400 when unknown). */
export function normaliseOverrides(fields: {
  result?: string | undefined;
  map?: string | undefined;
  date?: Date | undefined;
  victor_side?: Side | undefined;
  duration?: number | undefined;
}): ReportOverrides {
  const overrides: ReportOverrides = {};
  if (fields.result !== undefined) overrides.result = fields.result;
  if (fields.map !== undefined) {
    const map = resolveMap(fields.map);
    if (!map) throw badRequest(messages.reportUnknownMap(fields.map));
    overrides.map = map.id;
  }
  if (fields.date !== undefined) overrides.date = fields.date.toISOString();
  if (fields.victor_side !== undefined) overrides.victor_side = fields.victor_side;
  if (fields.duration !== undefined) overrides.duration = fields.duration;
  return overrides;
}

/**
 * What the log says, with the overrides on top, checked for the kind of match: competitive and event matches need
 * a 5-0, 4-1 or 3-2 result and a winning side; every match needs a catalogued map. Throws 400 HttpErrors.
 */
export function matchFacts(parsed: ParsedMatch, overrides: ReportOverrides, kind: MatchType): MatchFacts {
  const map = overrides.map ?? parsed.map;
  if (!map) throw badRequest(messages.reportLogMapUnknown(parsed.map_raw || parsed.map_name));
  const result = overrides.result ?? parsed.result;
  const victorSide = overrides.victor_side ?? parsed.victor_side;
  if (kind !== 'friendly') {
    if (!(COMPETITIVE_RESULTS as readonly string[]).includes(result)) {
      throw badRequest(
        overrides.result === undefined
          ? messages.reportLogResultNotAllowed(result, kind)
          : messages.reportResultNotAllowed(result, kind),
      );
    }
    if (!victorSide) throw badRequest(messages.reportNoVictor);
  }
  return {
    map,
    date: overrides.date ? new Date(overrides.date) : new Date(parsed.date),
    duration: overrides.duration ?? parsed.duration,
    result,
    victor_side: victorSide,
  };
}
