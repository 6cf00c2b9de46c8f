import { HttpError, badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import type { ReportInput } from './input.ts';
import { textProblem } from '#lib/schemas/text.ts';

/** Room for the form fields besides the file when comparing Content-Length with the upload limit. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const TEXT_FIELDS = [
  'format',
  'date',
  'victor_side',
  'duration',
  'result',
  'map',
  'match',
  'url',
  'event',
  'visibility',
  'title',
  'year',
  'username',
  'backdated',
] as const;

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, messages.reportUploadTooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10));
}

/** The request body, cut off with a 413 once more than `limit` bytes arrive (for bodies without Content-Length). */
function limitedBody(body: ReadableStream<Uint8Array>, limit: number, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(tooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Reads the multipart report form into a ReportInput (field values stay text; reportMatch validates them).
 * 413 when Content-Length or the file exceeds `maxBytes`; 400 when the body is not multipart form data.
 */
export async function readReportForm(request: Request, maxBytes: number): Promise<ReportInput> {
  const limit = maxBytes + FORM_OVERHEAD_BYTES;
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length) && length > limit) throw tooLarge(maxBytes);
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw badRequest(messages.reportNotMultipart);
  let form: FormData;
  try {
    const body = Number.isFinite(length) ? request.body : limitedBody(request.body, limit, maxBytes);
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(messages.reportNotMultipart);
  }
  const file = form.get('file');
  if (file !== null && (typeof file === 'string' ? Buffer.byteLength(file) : file.size) > maxBytes)
    throw tooLarge(maxBytes);
  // Field text goes into the database, which refuses NUL: control characters are refused here (the JSON `data`
  // may be pretty-printed; escaped ones inside it meet the schema's text types).
  const text = (name: string): string | undefined => {
    const value = form.get(name);
    if (typeof value !== 'string') return undefined;
    const problem = textProblem(value, { lineBreaks: name === 'data' });
    if (problem) throw badRequest(messages.invalidField(name, problem));
    return value;
  };
  const input: ReportInput = {
    data: text('data'),
    // A client that sends the log as a plain text field (no file part) gets the same treatment.
    file:
      file === null || file === ''
        ? undefined
        : typeof file === 'string'
          ? { name: 'log.txt', content: file }
          : { name: file.name, content: new Uint8Array(await file.arrayBuffer()) },
  };
  for (const name of TEXT_FIELDS) {
    const value = text(name);
    if (value !== undefined) input[name] = value;
  }
  return input;
}
