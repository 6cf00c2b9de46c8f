import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { HttpError, unauthorized } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { clientKey } from '#lib/server/core/rate-limit.ts';
import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import {
  isEmptyUpload,
  readReportForm,
  refusalOf,
  rememberRefusal,
  reportMatch,
  reportRateKey,
  reportRateLimiter,
  takeRefusal,
} from '#lib/server/services/ingestion/index.ts';
import type { ReportInput } from '#lib/server/services/ingestion/index.ts';

function address(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * Reports a match from a server log (multipart: data, file, optional format and overrides) -> 201 {match_id, series}.
 * HLU posts here with a team key and treats 201 as success, so an identical resend answers 201 with the same id; its
 * retry of a refused upload (an empty file, services/ingestion/retry.ts) is answered with that refusal again.
 */
export const POST = endpoint(async (context) => {
  const actor = context.locals.actor;
  const caller = reportRateKey(
    actor,
    clientKey(
      address(() => context.clientAddress),
      context.request,
    ),
  );
  let input: ReportInput | undefined;
  try {
    try {
      reportRateLimiter.hit(caller);
      if (actor.kind === 'anonymous') throw unauthorized(messages.reportUnauthorized);
      input = await readReportForm(context.request, getConfig().maxUploadBytes);
    } catch (error) {
      // The upload was not (fully) read: close the connection so that a client never reuses a half-read socket.
      if (error instanceof HttpError) error.headers['connection'] = 'close';
      throw error;
    }
    if (isEmptyUpload(input.file)) {
      const earlier = takeRefusal(caller);
      if (earlier) throw earlier;
    }
    const result = await reportMatch(await getDb(), actor, input);
    return jsonResponse({ match_id: result.match_id, series: result.series }, 201);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal && actor.kind !== 'anonymous' && !isEmptyUpload(input?.file)) rememberRefusal(caller, refusal);
    throw refusal ?? error;
  }
});
