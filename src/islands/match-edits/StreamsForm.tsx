import { announceEdit, savedWords, type MatchRef } from '#lib/client/match-edits.ts';
import { streamsEditor, type StreamRow } from '#lib/client/match-edit-streams.ts';
import { EditForm, Field, useEditor } from './EditForm.tsx';

const MAX_STREAMS = 20;

/** The match's streams: rows of a streamer's name and address, added and removed in place. */
export function StreamsForm(props: { refTo: MatchRef; current: Record<string, string> }) {
  const [editor, state] = useEditor(() => streamsEditor(props.refTo, props.current));
  const rows = state.value;
  const change = (i: number, patch: Partial<StreamRow>) =>
    editor.set(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const save = async () => {
    const outcome = await editor.submit();
    if (outcome.ok) await announceEdit(savedWords.streams(outcome.data));
  };
  return (
    <EditForm id="match-edit-streams" legend="Streams" state={state} save="Save streams" onSubmit={() => void save()}>
      {rows.length === 0 && <p className="hint">No streams yet.</p>}
      <ol className="rows">
        {rows.map((row, i) => {
          const id = `match-edit-stream-${i}`;
          const errors = state.errors?.[i] ?? {};
          return (
            <li key={i} className="row stream" aria-label={`Stream ${i + 1}`}>
              <Field id={`${id}-name`} label="Streamer" error={errors.name}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    value={row.name}
                    onChange={(e) => change(i, { name: e.currentTarget.value })}
                  />
                )}
              </Field>
              <Field id={`${id}-url`} label="Stream address" error={errors.url} className="wide">
                {(control) => (
                  <input
                    {...control}
                    type="url"
                    inputMode="url"
                    placeholder="https://twitch.tv/…"
                    value={row.url}
                    onChange={(e) => change(i, { url: e.currentTarget.value })}
                  />
                )}
              </Field>
              <button
                type="button"
                className="button secondary remove"
                onClick={() => editor.set(rows.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> stream {i + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="buttons">
        <button
          type="button"
          className="button secondary"
          disabled={rows.length >= MAX_STREAMS}
          onClick={() => editor.set([...rows, { name: '', url: '' }])}
        >
          Add stream
        </button>
      </div>
    </EditForm>
  );
}
