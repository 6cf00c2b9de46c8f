/**
 * The catalogue of user-facing error messages. Wording is fixed here so that the API, the pages and the tests
 * agree; add new messages here rather than writing strings at the throw site.
 */
export const messages = {
  seriesNotFound: (tag: string) => `Series '${tag}' does not exist`,
  teamNotFound: (tag: string) => `Team '${tag}' does not exist`,
  matchNotFound: (id: string | number) => `Match ${id} does not exist`,
  playerNotFound: (id: string) => `Player ${id} does not exist`,
  tournamentNotFound: (tag: string) => `Tournament '${tag}' does not exist`,
  invalidJson: 'The request body is not valid JSON',
  invalidParameter: (name: string, reason: string) => `Invalid parameter '${name}': ${reason}`,
  invalidField: (name: string, reason: string) => `Invalid field '${name}': ${reason}`,
  signInRequired: 'You must be signed in to do this',
  forbidden: 'You are not allowed to do this',
  adminOnly: 'Only an admin can do this',
  internal: 'Internal server error',
} as const;
