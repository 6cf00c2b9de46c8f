import { describe, expect, it } from 'vitest';
import { readReportForm } from '#lib/server/services/ingestion/form.ts';
import { HttpError } from '#lib/server/core/errors.ts';

function formRequest(form: FormData, headers: Record<string, string> = {}): Request {
  const base = new Request('http://x/v2/matches/serverlog', { method: 'POST', body: form });
  return new Request(base, { headers: { ...Object.fromEntries(base.headers), ...headers } });
}

async function status(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof HttpError ? error.status : -1;
}

describe('readReportForm', () => {
  it('reads data, the file bytes and the text fields, leaving validation to the service', async () => {
    const form = new FormData();
    form.set('data', '{"teams":["A","B"],"kind":"friendly"}');
    form.set('username', 'someone');
    form.set('match', '1');
    form.set('unknown', 'ignored');
    form.set('file', new Blob(['héllo'], { type: 'text/plain' }), 'export.csv');
    const input = await readReportForm(formRequest(form), 1000);
    expect(input.data).toBe('{"teams":["A","B"],"kind":"friendly"}');
    expect([input['username'], input['match'], 'unknown' in input]).toEqual(['someone', '1', false]);
    expect(input.file?.name).toBe('export.csv');
    expect(Buffer.from(input.file?.content as Uint8Array).toString('utf8')).toBe('héllo');
  });

  it('accepts the log sent as a plain text field', async () => {
    const form = new FormData();
    form.set('file', 'line one\nline two');
    const input = await readReportForm(formRequest(form), 1000);
    // Multipart encoding turns the newlines of a text field into CRLF (the parsers accept both).
    expect(input.file).toEqual({ name: 'log.txt', content: 'line one\r\nline two' });
  });

  it('answers 413 by Content-Length before reading, and by file size', async () => {
    const form = new FormData();
    form.set('file', new Blob(['x'.repeat(2000)]), 'big.txt');
    expect(await status(readReportForm(formRequest(form, { 'content-length': String(10 * 1024 * 1024) }), 1000))).toBe(
      413,
    );
    expect(await status(readReportForm(formRequest(form), 1000))).toBe(413);
  });

  it('answers 400 for a body that is not multipart form data', async () => {
    const request = new Request('http://x/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await status(readReportForm(request, 1000))).toBe(400);
    const broken = new Request('http://x/', {
      method: 'POST',
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(await status(readReportForm(broken, 1000))).toBe(400);
  });
});
