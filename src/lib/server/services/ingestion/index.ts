export { reportMatch } from './report.ts';
export type { ReportResult } from './report.ts';
export type { ReportInput, ReportFile } from './input.ts';
export { readReportForm } from './form.ts';
export { reportRateLimiter, reportRateKey } from './limits.ts';
export { reparseMatch, reparseAll } from './reparse.ts';
export { isEmptyUpload, refusalOf, rememberRefusal, takeRefusal } from './retry.ts';
