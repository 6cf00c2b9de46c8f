import { z } from 'zod';
import { operations, type Operation, type Parameter } from './operations.ts';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod schema; a schema zod cannot represent becomes `{}` rather than failing the document. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

function parameterOf(parameter: Parameter): JsonSchema {
  const item: JsonSchema = { type: parameter.type ?? 'string', ...(parameter.enum ? { enum: parameter.enum } : {}) };
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.in === 'path',
    description: parameter.description,
    schema: parameter.repeated ? { type: 'array', items: item } : item,
    ...(parameter.repeated ? { style: 'form', explode: true } : {}),
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (the error names it)',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  429: 'Too many requests (Retry-After)',
  503: 'The database is unavailable or busy (Retry-After)',
};

function operationOf(op: Operation): JsonSchema {
  const success =
    op.response === null
      ? { [op.method === 'get' || op.method === 'post' ? '200' : '204']: { description: 'Success' } }
      : op.response === 'redirect'
        ? { '302': { description: 'Redirects the browser (Location)' } }
        : op.response === 'text'
          ? { '200': { description: 'The file', content: { 'text/plain': { schema: { type: 'string' } } } } }
          : {
              '200': {
                description: 'Success',
                content: { 'application/json': { schema: jsonSchemaOf(op.response, 'output') } },
              },
            };
  const errors = Object.fromEntries(
    [400, ...(op.errors ?? []), 503].map((status) => [String(status), errorResponse(ERROR_TEXT[status] ?? 'Error')]),
  );
  return {
    summary: op.summary,
    tags: [op.group],
    ...(op.access ? { description: `Access: ${op.access}.` } : {}),
    parameters: (op.parameters ?? []).map(parameterOf),
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } } } }
      : {}),
    responses: { ...success, ...errors },
  };
}

let cached: JsonSchema | undefined;

/** The OpenAPI 3.1 document of the API, generated from the declared operations and their zod schemas. */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operationOf(op);
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Hell Let Loose Skill System API',
      version: '3',
      description:
        'Team ratings, matches, players and tournaments of the competitive Hell Let Loose community. Writes made with a session cookie need the X-CSRF-Token header: the token of the session, from the readable csrf_token cookie (__Host-csrf on https). Cross-site writes (another Origin, Sec-Fetch-Site: cross-site) are refused; team API keys (Authorization: Bearer) are exempt.',
    },
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          description:
            'Every refusal: a sentence a person can act on, its machine code, and what the refusal names beside them (e.g. match_id, matches)',
          properties: {
            error: { type: 'string', description: 'What is wrong and what to do, in words' },
            code: { type: 'string', description: "Machine code, e.g. 'ReportSameGame', 'MultipleMatches', 'EmptyLog'" },
          },
          required: ['error', 'code'],
          additionalProperties: true,
        },
      },
    },
  };
  return cached;
}
