import { announceEdit, savedWords, type MatchRef } from '#lib/client/match-edits.ts';
import { tournamentEditor } from '#lib/client/match-edit-tournament.ts';
import type { TournamentChoice } from '#lib/matches/match-edits.ts';
import { EditForm, Field, useEditor } from './EditForm.tsx';

/** The match's tournament: one of the series' tournaments, or none. */
export function MatchTournamentForm(props: {
  refTo: MatchRef;
  current: string | null;
  tournaments: TournamentChoice[];
}) {
  const [editor, state] = useEditor(() => tournamentEditor(props.refTo, props.current));
  const error = state.errors?.tournament;
  const known = props.tournaments.some((t) => t.tag === state.value);
  const save = async () => {
    const outcome = await editor.submit();
    if (outcome.ok) await announceEdit(savedWords.tournament(outcome.data, props.tournaments));
  };
  return (
    <EditForm
      id="match-edit-tournament"
      legend="Tournament"
      state={state}
      save="Save tournament"
      onSubmit={() => void save()}
    >
      <Field id="match-edit-tournament-tag" label="Tournament" error={error}>
        {(control) => (
          <select
            {...control}
            name="tournament"
            value={state.value}
            onChange={(e) => editor.set(e.currentTarget.value)}
          >
            <option value="">None</option>
            {!known && state.value && <option value={state.value}>{state.value}</option>}
            {props.tournaments.map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </EditForm>
  );
}
