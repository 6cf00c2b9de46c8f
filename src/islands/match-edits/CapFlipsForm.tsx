import { announceEdit, savedWords, type MapSectors, type MatchRef } from '#lib/client/match-edits.ts';
import { capFlipsEditor, sectorTaken } from '#lib/client/match-edit-cap-flips.ts';
import { nextRow, SCORE_CHOICES, SIDES, type CapFlip, type CapFlipRow, type Side } from '#lib/matches/cap-flips.ts';
import type { RecordedResult } from '#lib/matches/final-score.ts';
import { chosenStrongpoints } from '#lib/map-art/layout.ts';
import { EditForm, Field, useEditor } from './EditForm.tsx';

/** The match's cap flips: rows of time, side and score, each hinting at the sector it takes. */
export function CapFlipsForm(props: {
  refTo: MatchRef;
  capFlips: CapFlip[];
  durationMinutes: number;
  caps: MapSectors | null;
  layout: unknown[];
  /** The result as recorded: the last flip must end at it. */
  recorded: RecordedResult;
}) {
  const [editor, state] = useEditor(() =>
    capFlipsEditor(props.refTo, props.capFlips, props.durationMinutes, props.recorded),
  );
  const rows = state.value;
  const change = (i: number, patch: Partial<CapFlipRow>) =>
    editor.set(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const chosen = props.caps ? chosenStrongpoints(props.caps.sectors, props.layout) : [];
  const save = async () => {
    const outcome = await editor.submit();
    if (outcome.ok) await announceEdit(savedWords.capFlips(outcome.data));
  };
  return (
    <EditForm
      id="match-edit-cap-flips"
      legend="Cap flips"
      state={state}
      save="Save cap flips"
      onSubmit={() => void save()}
    >
      <p className="hint">
        A match starts at 2-2 with the middle sector neutral; each capture gives its side one more sector, so the score
        after it adds up to 5.
      </p>
      {rows.length === 0 && <p className="hint">No cap flips yet.</p>}
      <ol className="rows">
        {rows.map((row, i) => {
          const id = `match-edit-flip-${i}`;
          const errors = state.errors?.[i] ?? {};
          const where = sectorTaken(props.caps, chosen, row);
          const choices = SCORE_CHOICES.includes(row.score) ? SCORE_CHOICES : [row.score, ...SCORE_CHOICES];
          return (
            <li key={i} className="row flip" aria-label={`Cap flip ${i + 1}`}>
              <Field id={`${id}-time`} label="Time (m:ss)" error={errors.time}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="numeric"
                    value={row.time}
                    onChange={(e) => change(i, { time: e.currentTarget.value })}
                  />
                )}
              </Field>
              <Field id={`${id}-side`} label="Captured by" error={errors.side}>
                {(control) => (
                  <select {...control} value={row.side} onChange={(e) => change(i, { side: e.currentTarget.value })}>
                    {!SIDES.includes(row.side as Side) && <option value={row.side}>Choose a side</option>}
                    {SIDES.map((side) => (
                      <option key={side} value={side}>
                        {side}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={`${id}-score`} label="Score (Allies-Axis)" error={errors.score} describedBy={`${id}-where`}>
                {(control) => (
                  <select {...control} value={row.score} onChange={(e) => change(i, { score: e.currentTarget.value })}>
                    {choices.map((score) => (
                      <option key={score} value={score}>
                        {score || 'Choose'}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <p className="hint where" id={`${id}-where`}>
                {where ?? ''}
              </p>
              <button
                type="button"
                className="button secondary remove"
                onClick={() => editor.set(rows.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> cap flip {i + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="buttons">
        <button type="button" className="button secondary" onClick={() => editor.set([...rows, nextRow(rows)])}>
          Add cap flip
        </button>
      </div>
    </EditForm>
  );
}
