import { atom } from 'nanostores';
import { ApiError } from '#lib/client/api-error.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createForm } from '#lib/client/form.ts';
import type { Backdated, MatchCandidate, ReportFormValues, SameGame } from '#lib/schemas/report-form.ts';
import type { LogSummary } from '#lib/domain/logs/log-summary.ts';

/** Logs larger than this are not read in the browser before sending (the parse would hold the page). */
const SUMMARY_MAX_BYTES = 8 * 1024 * 1024;

// The form's schemas come with zod, which a first tap (choosing a file, typing) does not need.
const reportSchemas = () => import('#lib/schemas/report-form.ts');

export type ReportOutcome =
  | { kind: 'created'; match_id: number; series: string }
  | { kind: 'choose'; candidates: MatchCandidate[] }
  | { kind: 'same-game'; existing: SameGame }
  | { kind: 'confirm-date'; backdated: Backdated };

/**
 * The report form's state: the form (#lib/client/form.ts) plus the matches of a file that holds several
 * (`$candidates`, set from the server's MultipleMatches answer) and the one picked (`$chosen`), which the next
 * submission sends as `match`. Choosing another file forgets both. `$sameGame` holds the server's 409 answer when the
 * game was already reported (its words and the existing match), until the next submission or file. `$backdated`
 * holds the date the server read when it asks to confirm an old date; `$dateConfirmed` is the reporter's yes, which
 * the next submission sends as `backdated`. `$summary` is what the chosen log says (map, result, date, players per
 * side), read in the browser by the report's own parser, so that a seeding log is seen before it is sent.
 */
export function createReportForm(initial: ReportFormValues) {
  const $candidates = atom<MatchCandidate[] | null>(null);
  const $chosen = atom<number | undefined>(undefined);
  const $sameGame = atom<SameGame | null>(null);
  const $backdated = atom<Backdated | null>(null);
  const $dateConfirmed = atom(false);
  const $summary = atom<LogSummary | null>(null);
  const form = createForm({
    schema: () => reportSchemas().then((m) => m.reportFormSchema),
    initial,
    send: async (data): Promise<ReportOutcome> => {
      $sameGame.set(null);
      try {
        const { reportFormData } = await reportSchemas();
        const created = await (
          await api()
        ).matches.report(reportFormData(data, $chosen.get(), $backdated.get() !== null && $dateConfirmed.get()));
        return { kind: 'created', match_id: created.match_id, series: created.series };
      } catch (error) {
        const { backdatedSchema, multipleMatchesSchema, sameGameSchema } = await reportSchemas();
        const old = error instanceof ApiError && error.status === 400 ? backdatedSchema.safeParse(error.body) : null;
        if (old?.success) {
          $backdated.set(old.data);
          $dateConfirmed.set(false);
          return { kind: 'confirm-date', backdated: old.data };
        }
        const several =
          error instanceof ApiError && error.status === 400 ? multipleMatchesSchema.safeParse(error.body) : null;
        if (several?.success) {
          $candidates.set(several.data.matches);
          return { kind: 'choose', candidates: several.data.matches };
        }
        const same = error instanceof ApiError && error.status === 409 ? sameGameSchema.safeParse(error.body) : null;
        if (same?.success) {
          $sameGame.set(same.data);
          return { kind: 'same-game', existing: same.data };
        }
        throw error;
      }
    },
  });
  const chooseFile = (file: File | null) => {
    form.setField('file', file);
    $candidates.set(null);
    $chosen.set(undefined);
    $sameGame.set(null);
    $backdated.set(null);
    $dateConfirmed.set(false);
    $summary.set(null);
    if (file && file.size <= SUMMARY_MAX_BYTES) void summarise(file);
  };
  const summarise = async (file: File) => {
    const [{ summariseLog }, text] = await Promise.all([import('#lib/domain/logs/log-summary.ts'), file.text()]);
    // Another file may have been chosen meanwhile.
    if (form.$form.get().values.file === file) $summary.set(summariseLog(text) ?? null);
  };
  return { ...form, $candidates, $chosen, $sameGame, $backdated, $dateConfirmed, $summary, chooseFile };
}
