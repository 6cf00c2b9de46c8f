import type { ClaimDecision } from '#lib/schemas/claim.ts';
import type { MatchAction } from '#lib/schemas/match-input.ts';
import type { RegistrationDecision } from '#lib/schemas/registration.ts';
import type { ApiClient } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';

/*
 * The decisions the review islands send (match approval, profile claims, team registrations), as plain calls for
 * the islands to render the outcome of: the API client and its schemas load on the first decision, not with the
 * island. `client`: another client (tests).
 */

/** Approves or disputes a reported match (POST .../matches/{id} {action}); answers its new status. */
export async function decideMatch(series: string, matchId: number, action: MatchAction, client?: ApiClient) {
  return (await api(client)).matches.decide(series, matchId, action);
}

/** Approves or rejects a profile claim (POST /v2/claims/{steamId}/{userId}); answers the claim's new status. */
export async function decideClaim(steamId: string, userId: number, action: ClaimDecision, client?: ApiClient) {
  return (await api(client)).claims.decide(steamId, userId, action);
}

/** Accepts or rejects a team registration request (POST /v2/team-requests/{id}); answers the request. */
export async function decideRegistration(id: number, decision: RegistrationDecision, client?: ApiClient) {
  return (await api(client)).teamRequests.decide(id, decision);
}
