import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { errorResponse } from '#lib/server/http/answers/respond.ts';
import { describeZodError } from '#lib/server/core/zod-errors.ts';
import { parseReportedLog } from '#lib/server/services/ingestion/parse.ts';
import { twoMatchText } from './two-match.ts';

const bodyOf = async (error: unknown) => {
  const response = errorResponse(error);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('one error shape for every refusal', () => {
  it('gives every sentence of the catalogue the code of its entry, beside it', async () => {
    for (const [entry, value] of Object.entries(messages)) {
      const sentence = typeof value === 'string' ? value : (value as (...a: unknown[]) => string)('x', 'y', 'z', 'w');
      const { body } = await bodyOf(new HttpError(400, sentence));
      expect(body, entry).toEqual({ error: sentence, code: entry.charAt(0).toUpperCase() + entry.slice(1) });
    }
  });

  it('keeps the details beside error and code; a code among the details is the code', async () => {
    expect(await bodyOf(new HttpError(409, messages.reportSameGame(7), { match_id: 7, series: 'S1' }))).toEqual({
      status: 409,
      body: {
        error: messages.reportSameGame(7),
        code: 'ReportSameGame',
        match_id: 7,
        series: 'S1',
      },
    });
    const own = await bodyOf(new HttpError(400, 'The log is empty.', { code: 'EmptyLog' }));
    expect(own.body).toEqual({ error: 'The log is empty.', code: 'EmptyLog' });
  });

  it("names a refusal outside the catalogue by its status, and a crash as 'Internal'", async () => {
    expect((await bodyOf(new HttpError(429, 'slow down'))).body).toEqual({
      error: 'slow down',
      code: 'TooManyRequests',
    });
    const crash = await bodyOf(new Error('boom'));
    expect(crash).toEqual({ status: 500, body: { error: messages.internal, code: 'Internal' } });
  });

  it("puts MultipleMatches' sentence in error, its code and candidates beside it", async () => {
    const error = (() => {
      try {
        parseReportedLog(twoMatchText(), {});
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    const { status, body } = await bodyOf(error);
    expect(status).toBe(400);
    expect(body['error']).toBe(
      "The log holds 2 complete matches: choose one with the 'match' field (0-1); 'matches' lists them",
    );
    expect(body['code']).toBe('MultipleMatches');
    expect((body['matches'] as { index: number }[]).map((m) => m.index)).toEqual([0, 1]);
  });

  it('names a field of a list by its place in words, not by its index', () => {
    const query = z.object({ type: z.array(z.enum(['competitive', 'event'], { message: 'must be a match type' })) });
    const parsed = query.safeParse({ type: ['shrubbery'] });
    expect(parsed.success).toBe(false);
    const sentence = describeZodError(parsed.error!, 'parameter');
    expect(sentence).toBe("Invalid parameter 'type': its 1st value must be a match type");
    expect(sentence).not.toMatch(/type\.0/);
    const data = z.object({ teams: z.tuple([z.string().min(2, 'must be a team tag'), z.string()]) });
    const teams = data.safeParse({ teams: ['A', 'BRAVO'] });
    expect(describeZodError(teams.error!, 'field', ['data'])).toBe(
      "Invalid field 'data.teams': its 1st value must be a team tag",
    );
  });
});
