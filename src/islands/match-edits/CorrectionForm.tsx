import { announceEdit, type MatchRef } from '#lib/client/match-edits.ts';
import { correctionEditor, correctionSaved, type RecordedMatch } from '#lib/client/match-correction.ts';
import { MATCH_RESULTS } from '#lib/schemas/match-constants.ts';
import { EditForm, Field, useEditor } from './EditForm.tsx';

/**
 * The correction of the report: when it was played (UTC), who won, the result and the winner's side. Offered to an
 * admin at any time and to the managers of either team while the match is not approved (the server checks again);
 * a saved correction is announced and the page's sections are read again.
 */
export function CorrectionForm(props: { refTo: MatchRef; match: RecordedMatch }) {
  const [editor, state] = useEditor(() => correctionEditor(props.refTo, props.match));
  const value = state.value;
  const errors = state.errors ?? {};
  const save = async () => {
    const outcome = await editor.submit();
    if (outcome.ok) await announceEdit(correctionSaved(outcome.data));
  };
  return (
    <EditForm
      id="match-edit-correction"
      legend="Correct the report"
      state={state}
      save="Save correction"
      onSubmit={() => void save()}
    >
      <p className="hint">
        Until the match is approved, the managers of either team can correct it; after that only an admin can, and the
        ratings of the series are worked out again.
      </p>
      <Field id="match-edit-correction-date" label="Played on (UTC)" error={errors.date}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            name="date"
            value={value.date}
            onChange={(e) => editor.set({ ...value, date: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field id="match-edit-correction-winner" label="Winner" error={errors.winner}>
        {(control) => (
          <select
            {...control}
            name="winner"
            value={value.winner}
            onChange={(e) => editor.set({ ...value, winner: e.currentTarget.value })}
          >
            {props.match.teams.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="match-edit-correction-result" label="Result (winner first)" error={errors.result}>
        {(control) => (
          <select
            {...control}
            name="result"
            value={value.result}
            onChange={(e) => editor.set({ ...value, result: e.currentTarget.value })}
          >
            {!(MATCH_RESULTS as readonly string[]).includes(value.result) && (
              <option value={value.result}>{value.result || 'Choose'}</option>
            )}
            {MATCH_RESULTS.map((result) => (
              <option key={result} value={result}>
                {result}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="match-edit-correction-side" label="Winner's side" error={errors.victorSide}>
        {(control) => (
          <select
            {...control}
            name="victor_side"
            value={value.victorSide}
            onChange={(e) => editor.set({ ...value, victorSide: e.currentTarget.value })}
          >
            {value.victorSide === '' && <option value="">Choose a side</option>}
            {(['Allies', 'Axis'] as const).map((side) => (
              <option key={side} value={side}>
                {side}
              </option>
            ))}
          </select>
        )}
      </Field>
    </EditForm>
  );
}
