import { matchUpdateFailed } from '#lib/matches/match-edits.ts';
import { capFlipsContradictResult } from '#lib/matches/final-score.ts';
import { coded } from './message-codes.ts';

/**
 * The catalogue of user-facing error messages. Wording is fixed here so that the API, the pages and the tests
 * agree; add new messages here rather than writing strings at the throw site. Each entry's name is its machine code
 * in PascalCase (message-codes.ts): a refusal answers `{ error: sentence, code: 'ReportSameGame', ...details }`.
 */
export const messages = coded({
  seriesNotFound: (tag: string) => `Series '${tag}' does not exist`,
  teamNotFound: (tag: string) => `Team '${tag}' does not exist`,
  matchNotFound: (id: string | number) => `Match ${id} does not exist`,
  playerNotFound: (id: string) => `Player ${id} does not exist`,
  tournamentNotFound: (tag: string) => `Tournament '${tag}' does not exist`,
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: (limitKb: number) => `The request body is larger than the limit of ${limitKb} KB`,
  bodyIncomplete: 'The request body did not arrive whole',
  jsonTooDeep: (maxDepth: number) => `The JSON nests deeper than ${maxDepth} levels`,
  invalidParameter: (name: string, reason: string) => `Invalid parameter '${name}': ${reason}`,
  invalidField: (name: string, reason: string) => `Invalid field '${name}': ${reason}`,
  tooManyRequests: (seconds: number) => `Too many requests: try again in ${seconds} s`,
  signInRequired: 'You must be signed in to do this',
  forbidden: 'You are not allowed to do this',
  adminOnly: 'Only an admin can do this',
  internal: 'Internal server error',
  databaseUnavailable: 'The database is not answering at the moment: try again in a few seconds',
  databaseBusy: 'The database took too long to answer (it is busy): try again in a few seconds',
  serverBusy: 'The server has too much work waiting at the moment: try again in a few seconds',
  malformedAddress: 'The address is not valid: a %-escape does not spell UTF-8 text',
  apiRouteNotFound: (path: string) => `There is no API call at '${path}'`,
  methodNotAllowed: (method: string, allow: string) => `Method ${method} is not allowed here; allowed: ${allow}`,
  // Read API
  privateMatch: 'This match is private',
  privateProfile: 'This player profile is private',
  /** The player search's banner for `error=private` (issue 13's wording). */
  profilePrivate: 'This profile is private',
  compareTooMany: (max: number) => `At most ${max} players can be compared at once`,
  mapNotFound: (map: string) => `Map '${map}' does not exist or has no caps`,
  logNotFound: (path: string) => `Log path '${path}' does not exist`,
  previewKindNotFound: (kind: string) => `There are no preview images of '${kind}'`,
  // Sign-in, sessions and signed-in actions. A failed sign-in's words, per `login_error` code, are in
  // src/lib/schemas/login-error.ts (pages show them, so they live beside the schemas pages may import).
  csrfMissing:
    'Missing CSRF token: send the value of the csrf cookie (csrf_token, or __Host-csrf on https) in the X-CSRF-Token header',
  csrfMismatch: 'CSRF token mismatch: the X-CSRF-Token header is not the token of this session',
  crossSiteRefused: 'Cross-site request refused: changes can only be made from pages of this site',
  userOnly: 'Only a signed-in user can do this (a team API key cannot)',
  invalidRedirect: "Invalid parameter 'redirect_uri': must be a path on this site",
  demoDisabled: 'Demo sign-in is not available on this server',
  // Discord webhooks (admins)
  webhookExists: (series: string) => `This webhook is already set for series '${series}'`,
  webhookNotFound: (id: string | number) => `Webhook ${id} does not exist in this series`,
  claimTaken: (steamId: string) => `Player ${steamId} is already claimed by another user`,
  claimNotFound: (steamId: string) => `Player ${steamId} is not claimed by you`,
  claimPending: (steamId: string) =>
    `Your claim of player ${steamId} is waiting for approval: until it is proved the profile stays public and unchanged`,
  claimReviewNotFound: (steamId: string, userId: string | number) =>
    `There is no claim of player ${steamId} by user ${userId}`,
  claimDecided: (steamId: string, status: string) => `The claim of player ${steamId} is already ${status}`,
  claimReviewForbidden:
    'Only an admin, or a manager of a team the player played for, can decide this claim (never on their own claim)',
  teamTagTaken: (tag: string) => `A team with the tag '${tag}' already exists`,
  tournamentTagTaken: (tag: string) => `A tournament with the tag '${tag}' already exists`,
  noApiKey: (tag: string) => `Team '${tag}' has no API key`,
  noCurrentSeries: 'There is no current series to add the team to',
  registrationsPending: (max: number) =>
    `You already have ${max} team registration requests waiting for an admin: wait for an answer before asking again`,
  registrationNotFound: (id: string | number) => `Team registration request ${id} does not exist`,
  registrationDecided: (id: string | number, status: string) => `Team registration request ${id} is already ${status}`,
  matchWrongState: (id: number, status: string, action: string) => `Match ${id} is ${status} and cannot be ${action}`,
  matchNotOpponent: 'Only the opposing team (or an admin) can do this',
  matchDisputedAdminOnly: 'Only an admin can approve a disputed match',
  matchTeamsOnly: "Only the match's teams (or an admin) can change it",
  matchApprovedAdminOnly: (id: number, status: string) =>
    `Match ${id} is already approved (${status}): only an admin can correct or delete it now; ask an admin`,
  matchCorrectionWinner: (winner: string, loser: string) => `must be one of the match's teams, ${winner} or ${loser}`,
  matchCorrectionEmpty: "Give at least one of 'date', 'winner', 'result', 'victor_side' or 'streams'",
  matchCorrectionContradictsCapFlips: (final: string, expected: string) =>
    `The match's cap flips end at ${final} (Allies-Axis), which the corrected result (${expected}) contradicts: ` +
    `correct or clear the cap flips first`,
  /** Shown by the cap flips editor too (islands import it from #lib/matches/final-score.ts, which they may reach). */
  capFlipsContradictResult,
  /** Shown by the match edits island for a refusal other than a bad field (spec section 8); islands import it from
   * #lib/matches/match-edits.ts, which they may reach. */
  matchUpdateFailed,
  // Match reports (POST /v2/matches/serverlog, services/ingestion).
  reportUnauthorized:
    'You do not have a valid authorization for either the winning or opposing team: sign in or send a team API key',
  reportNotForTeam: (tags: string) =>
    `You may only report a match of a team you act for, and you act for neither ${tags}`,
  reportNotMultipart: "The request must be multipart/form-data with the fields 'data' and 'file'",
  reportMissingData:
    'Missing field \'data\': a JSON object such as {"teams": ["WINNER", "LOSER"], "kind": "competitive"}',
  reportDataNotJson: "Invalid field 'data': it is not valid JSON",
  reportMissingFile: "Missing field 'file': attach the log file",
  reportUploadTooLarge: (limitMb: number) => `The upload is larger than the limit of ${limitMb} MB`,
  reportSameTeams: 'The winner and the loser must be two different teams',
  reportNoRegisteredTeam: 'At least one of the two teams must be a registered team',
  reportResultNotAllowed: (result: string, kind: string) =>
    `Result '${result}' is not allowed for a ${kind} match: use 5-0, 4-1 or 3-2`,
  reportLogResultNotAllowed: (result: string, kind: string) =>
    `The log's result is '${result}', which a ${kind} match cannot have (5-0, 4-1 or 3-2). If it was a friendly, a ` +
    `scrim or a seeding game, report it again as a friendly (in HLL Log Utilities: type Friendly); if the teams ` +
    `agreed on a result, report it on the site's report form (Report match, 'Correct what the log says') with that ` +
    `result, or send it in the 'result' field`,
  reportNoVictor: "The log does not say which side won (a draw); give the 'victor_side' field",
  reportUnknownMap: (map: string) => `Unknown map '${map}'`,
  reportLogMapUnknown: (map: string) => `The log's map '${map}' is not in the map catalogue; give the 'map' field`,
  reportEventNeedsTournament: "An event match needs its tournament tag in the 'event' field",
  reportSameGame: (id: number) =>
    `This game has already been reported as match ${id}: approve or dispute that match instead of reporting it again`,
  reportYearContradictsWeekday: (year: number, stamp: string, actual: string | undefined, written: string) =>
    actual === undefined
      ? `The log's first line is dated '${stamp}', a day that ${year} does not have: give the year in which it was a ${written}, or leave 'year' out to have it read from the weekday`
      : `The log's first line is dated '${stamp}', but in ${year} that day is a ${actual}, not a ${written}: give the year in which it was a ${written}, or leave 'year' out to have it read from the weekday`,
  reportWeekdayFitsNoYear: (stamp: string) =>
    `The log's first line is dated '${stamp}', and no year of the last 40 has that date on that weekday: give the 'year' field`,
  reportDateInFuture: (date: string, now: string) =>
    `The match is dated ${date}, later than now (${now}): check the server clock or give the right 'date'`,
  reportBackdatedOld: (date: string, uploaded: string, days: number) =>
    `The match is dated ${date}, more than ${days} days before this upload (${uploaded}): if that date is right, confirm it with 'backdated' = true (the report form asks); otherwise give the right 'date'`,
  reportBackdatedSeries: (date: string, series: string, first: string) =>
    `The match is dated ${date}, before the first match of series '${series}' (${first}), so it would replay that series: if that date is right, confirm it with 'backdated' = true (the report form asks); otherwise give the right 'date'`,
  reportNoSeries: 'No series exists yet: create one before reporting matches',
  reportNoLog: (id: number) => `Match ${id} has no stored log to re-parse`,
  // Ratings, result import and the demo community (services/ratings, services/import, services/demo).
  importRejected: (bad: number, lines: string) => `The file has ${bad} bad row(s); nothing was imported:\n${lines}`,
  calculatorSameTeam: 'Choose two different teams to compare',
  demoNotEmpty: 'The demo community can only be seeded into an empty database (it already has a series)',
  reportMultipleMatches: (count: number, last: number) =>
    `The log holds ${count} complete matches: choose one with the 'match' field (0-${last}); 'matches' lists them`,
  reportMatchIndexOutOfRange: (index: number, count: number) =>
    `Match ${index} does not exist: the log holds ${count} complete match(es) (0-${count - 1}); 'matches' lists them`,
});
