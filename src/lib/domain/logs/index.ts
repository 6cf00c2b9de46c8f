export { LogParseError } from './errors.ts';
export type { LogParseErrorCode } from './errors.ts';
export { detectFormat } from './detect.ts';
export { parseLog } from './parse-log.ts';
export { extractMatches } from './matches.ts';
export { listMatches, parseMatch } from './parse-match.ts';
export type * from './types.ts';
export { samplePlayers, simulateMatch, writeCsv, writeJson, writeLog, writeRcon, writeTxt } from './write/index.ts';
export type { Player, SimPlayer, SimulatedMatch, SimulateOptions } from './write/index.ts';
