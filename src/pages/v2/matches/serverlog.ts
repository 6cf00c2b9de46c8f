import { getDb } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { HttpError, unauthorized } from '#lib/server/http/errors.ts';
import { messages } from '#lib/server/http/messages.ts';
import { clientKey } from '#lib/server/http/rate-limit.ts';
import { endpoint, json } from '#lib/server/http/respond.ts';
import { readReportForm, reportMatch, reportRateKey, reportRateLimiter } from '#lib/server/services/ingestion/index.ts';
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
 * HLU posts here with a team key and treats 201 as success, so an identical resend answers 201 with the same id.
 */
export const POST = endpoint(async (context) => {
  const actor = context.locals.actor;
  let input: ReportInput;
  try {
    reportRateLimiter.hit(
      reportRateKey(
        actor,
        clientKey(
          address(() => context.clientAddress),
          context.request,
        ),
      ),
    );
    if (actor.kind === 'anonymous') throw unauthorized(messages.reportUnauthorized);
    input = await readReportForm(context.request, getConfig().maxUploadBytes);
  } catch (error) {
    // The upload was not (fully) read: close the connection so that a client never reuses a half-read socket.
    if (error instanceof HttpError) error.headers['connection'] = 'close';
    throw error;
  }
  const result = await reportMatch(await getDb(), actor, input);
  return json({ match_id: result.match_id, series: result.series }, 201);
});
