import { meSchema } from '#lib/schemas/user.ts';
import { claimInputSchema, claimSchema, claimVisibilityInputSchema } from '#lib/schemas/claim.ts';
import {
  registrationDecisionSchema,
  registrationInputSchema,
  registrationSchema,
  registrationStatusSchema,
} from '#lib/schemas/registration.ts';
import { auditLogSchema } from '#lib/schemas/audit.ts';
import { z } from 'zod';
import { p, q, steamId, type Operation } from './operation.ts';

const redirectUri = q('redirect_uri', 'Path on this site to come back to (default /)');

/** Sign-in, the signed-in user, profile claims, team registration requests and the audit log. */
export const accountOperations: Operation[] = [
  {
    method: 'get',
    path: '/v2/auth/discord/login',
    group: 'Sign-in',
    summary: 'Starts signing in: to Discord, or to the demo chooser where demo sign-in is on',
    parameters: [redirectUri],
    response: 'redirect',
    errors: [429],
  },
  {
    method: 'get',
    path: '/v2/auth/discord/callback',
    group: 'Sign-in',
    summary: 'Where Discord sends the browser back: signs in and returns to redirect_uri (login_error on failure)',
    parameters: [q('code', 'Authorization code'), q('state', 'The state of the sign-in'), q('error', 'Discord error')],
    response: 'redirect',
    errors: [429],
  },
  {
    method: 'get',
    path: '/v2/auth/demo',
    group: 'Sign-in',
    summary: 'Demo sign-in (only on a loopback http PUBLIC_URL without Discord)',
    parameters: [q('as', 'Demo account', { enum: ['admin', 'manager', 'user'] }), redirectUri],
    response: 'redirect',
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/v2/users/@me',
    group: 'Users',
    summary: 'The signed-in user (roles, my_teams, my_steam_ids)',
    access: 'signed in',
    response: meSchema,
    errors: [401],
  },
  {
    method: 'post',
    path: '/v2/users/@me/logout',
    group: 'Users',
    summary: 'Signs out',
    access: 'signed in',
    response: null,
  },
  {
    method: 'post',
    path: '/v2/users/@me/claims',
    group: 'Users',
    summary: 'Claims a player profile',
    access: 'signed in',
    body: claimInputSchema,
    response: claimSchema,
    errors: [401, 404, 409],
  },
  {
    method: 'delete',
    path: '/v2/users/@me/claims/{steamId}',
    group: 'Users',
    summary: 'Gives up a claim',
    access: 'the owner',
    parameters: [steamId],
    response: null,
    errors: [401, 404],
  },
  {
    method: 'put',
    path: '/v2/users/@me/claims/{steamId}',
    group: 'Users',
    summary: "Sets a claimed profile's visibility",
    access: 'the owner',
    parameters: [steamId],
    body: claimVisibilityInputSchema,
    response: claimSchema,
    errors: [401, 404],
  },

  {
    method: 'get',
    path: '/v2/team-requests',
    group: 'Users',
    summary: 'Team registration requests (all for an admin, your own otherwise)',
    access: 'signed in',
    parameters: [q('status', 'Status (default pending)', { enum: registrationStatusSchema.options })],
    response: z.array(registrationSchema),
    errors: [401],
  },
  {
    method: 'post',
    path: '/v2/team-requests',
    group: 'Users',
    summary: 'Requests the registration of a team',
    access: 'signed in',
    body: registrationInputSchema,
    response: registrationSchema,
    errors: [401, 409],
  },
  {
    method: 'post',
    path: '/v2/team-requests/{id}',
    group: 'Users',
    summary: 'Accepts or rejects a team registration request',
    access: 'admin',
    parameters: [p('id', 'Request id')],
    body: registrationDecisionSchema,
    response: registrationSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: 'get',
    path: '/v2/teams',
    group: 'Teams',
    summary: 'The live teams as {tag, name}, sorted by tag (HLU)',
    response: z.array(z.object({ tag: z.string(), name: z.string() })),
  },
  {
    method: 'get',
    path: '/v3/audit-log',
    group: 'Meta',
    summary: 'Every change made through the site, newest first',
    access: 'admin',
    parameters: [
      q('offset', 'Entries to skip (default 0)', { type: 'integer' }),
      q('limit', 'Page size, 1-200 (default 50)', { type: 'integer' }),
    ],
    response: auditLogSchema,
    errors: [401, 403],
  },
];
