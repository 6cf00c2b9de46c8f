/**
 * Display helpers shared by every page and island: one wording and one number format everywhere
 * (ui.md "Numbers are the content", spec sections 4 and 9).
 */
export { ordinal } from './ordinal.ts';
export { calculationStatusLabel, matchTypeLabel, type StatusTone, statusTone } from './status.ts';
export { mapDisplayName } from './maps.ts';
export { formatDate, formatDateTime, formatDuration, formatRelative } from './dates.ts';
export { formatCount, formatDecimal, formatPercent, formatScore, formatSigned } from './numbers.ts';
