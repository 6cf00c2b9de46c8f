import { operations, type Operation, type Parameter } from './operations.ts';
import { definitionsOf, jsonSchemaOf } from './json-schema.ts';

export { jsonSchemaOf };

type JsonSchema = Record<string, unknown>;

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
  413: 'The upload is larger than the limit',
  429: 'Too many requests (Retry-After)',
  503: 'The database is unavailable or busy (Retry-After)',
};

/** Every write may be made with a team API key or with a session and its CSRF token. */
const WRITE_SECURITY = [{ teamApiKey: [] }, { sessionCookie: [], csrfToken: [] }];
const SECURITY_SCHEMES = {
  teamApiKey: {
    type: 'http',
    scheme: 'bearer',
    description: "A team's API key (npm run hss -- api-keys create TAG, or the team page): Authorization: Bearer <key>",
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'hss_session',
    description: 'The session of a signed-in user (Discord sign-in); writes also need csrfToken',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The CSRF token of the session, from the readable csrf_token cookie (__Host-csrf on https)',
  },
};

function requestBodyOf(op: Operation): JsonSchema {
  if (op.multipart)
    return {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: op.multipart.schema,
            ...(op.multipart.encoding ? { encoding: op.multipart.encoding } : {}),
          },
        },
      },
    };
  if (op.body)
    return {
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } } },
    };
  return {};
}

function operationOf(op: Operation): JsonSchema {
  const success =
    op.response === null
      ? { [op.method === 'get' || op.method === 'post' ? '200' : '204']: { description: 'Success' } }
      : op.response === 'redirect'
        ? { '302': { description: 'Redirects the browser (Location)' } }
        : op.response === 'text'
          ? { '200': { description: 'The file', content: { 'text/plain': { schema: { type: 'string' } } } } }
          : {
              [String(op.status ?? 200)]: {
                description: op.status === 201 ? 'Created' : 'Success',
                content: { 'application/json': { schema: jsonSchemaOf(op.response, 'output') } },
              },
            };
  const errors = Object.fromEntries(
    [400, ...(op.errors ?? []), 503].map((status) => [
      String(status),
      errorResponse(op.errorText?.[status] ?? ERROR_TEXT[status] ?? 'Error'),
    ]),
  );
  return {
    summary: op.summary,
    tags: [op.group],
    ...(op.access ? { description: `Access: ${op.access}.` } : {}),
    parameters: (op.parameters ?? []).map(parameterOf),
    ...requestBodyOf(op),
    responses: { ...success, ...errors },
    ...(op.method === 'get' ? {} : { security: WRITE_SECURITY }),
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
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        ...definitionsOf(),
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
