import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { MapStore } from 'nanostores';
import {
  announceEdit,
  capFlipsEditor,
  layoutEditor,
  streamsEditor,
  tournamentEditor,
  type EditorState,
  type MatchRef,
} from '#lib/client/match-edits.ts';
import {
  capturedSector,
  nextRow,
  SCORE_CHOICES,
  SIDES,
  type CapFlip,
  type CapFlipRow,
  type Side,
} from '#lib/matches/cap-flips.ts';
import { chosenStrongpoints } from '#lib/map-art/layout.ts';
import type { TournamentChoice } from '#lib/matches/match-edits.ts';
import '#islands/shared/island-form.css';
import './match-edits.css';

/** The map's sectors as GET /v3/maps/{map}/caps gives them (null: the map has no caps). */
export interface MapSectors {
  leftSide: Side;
  sectors: string[][];
}

export interface MatchEditsProps {
  series: string;
  matchId: number;
  mapName: string;
  durationMinutes: number;
  tournament: string | null;
  tournaments: TournamentChoice[];
  capFlips: CapFlip[];
  streams: Record<string, string>;
  layout: unknown[];
  caps: MapSectors | null;
}

const MAX_STREAMS = 20;
const otherSide = (side: Side): Side => (side === 'Allies' ? 'Axis' : 'Allies');

/**
 * The match edits for either team's managers and admins: tournament, cap flips, layout (on the map's sectors) and
 * streams, each a form of its own inside one disclosure. Every form works as server-rendered HTML until the first
 * interaction hydrates it; the server checks every edit again. A saved edit is announced and the page's sections
 * are read again.
 */
export default function MatchEdits(props: MatchEditsProps) {
  const ref: MatchRef = { series: props.series, matchId: props.matchId };
  return (
    <details className="match-edits">
      <summary>
        <span className="title">Edit match</span>
        <span className="muted">Tournament, cap flips, layout and streams</span>
      </summary>
      <div className="editors">
        <TournamentForm refTo={ref} current={props.tournament} tournaments={props.tournaments} />
        <StreamsForm refTo={ref} current={props.streams} />
        <CapFlipsForm refTo={ref} {...props} />
        <LayoutForm refTo={ref} mapName={props.mapName} caps={props.caps} layout={props.layout} />
      </div>
    </details>
  );
}

/** A form's frame: fieldset and legend, its error, and the save button (disabled while sending). */
function EditForm(props: {
  id: string;
  legend: string;
  state: EditorState<unknown, unknown>;
  save: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="editor island-form" onSubmit={submit} noValidate>
      <fieldset disabled={props.state.submitting}>
        <legend id={`${props.id}-legend`}>{props.legend}</legend>
        {props.children}
        {props.state.formError && (
          <p className="error" role="alert" id={`${props.id}-error`}>
            {props.state.formError}
          </p>
        )}
        <div className="buttons">
          <button type="submit" className="button">
            {props.state.submitting ? 'Saving…' : props.save}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The attributes that tie a control to its label and its error (or its hint). */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its error in words below it, tied to it by aria-describedby. */
function Field(props: {
  id: string;
  label: string;
  error: string | undefined;
  /** What describes the control while it has no error. */
  describedBy?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children({
        id: props.id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': props.error ? errorId : props.describedBy,
      })}
      {props.error && (
        <p className="error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}

function useEditor<V, E, D>(make: () => { $state: MapStore<EditorState<V, E>> } & D) {
  const [editor] = useState(make);
  const state = useStore(editor.$state);
  return [editor, state] as const;
}

function TournamentForm(props: { refTo: MatchRef; current: string | null; tournaments: TournamentChoice[] }) {
  const [editor, state] = useEditor(() => tournamentEditor(props.refTo, props.current));
  const error = state.errors?.tournament;
  const known = props.tournaments.some((t) => t.tag === state.value);
  const save = async () => {
    const outcome = await editor.submit();
    if (!outcome.ok) return;
    const chosen = props.tournaments.find((t) => t.tag === outcome.data);
    await announceEdit(
      outcome.data
        ? `Tournament changed to ${chosen ? `${chosen.tag} ${chosen.name}` : outcome.data}.`
        : 'The match is no longer in a tournament.',
    );
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

function StreamsForm(props: { refTo: MatchRef; current: Record<string, string> }) {
  const [editor, state] = useEditor(() => streamsEditor(props.refTo, props.current));
  const rows = state.value;
  const change = (i: number, patch: Partial<(typeof rows)[number]>) =>
    editor.set(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const save = async () => {
    const outcome = await editor.submit();
    if (!outcome.ok) return;
    const names = Object.keys(outcome.data);
    await announceEdit(names.length ? `Streams saved: ${names.join(', ')}.` : 'The match has no streams now.');
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

function CapFlipsForm(props: MatchEditsProps & { refTo: MatchRef }) {
  const [editor, state] = useEditor(() => capFlipsEditor(props.refTo, props.capFlips, props.durationMinutes));
  const rows = state.value;
  const change = (i: number, patch: Partial<CapFlipRow>) =>
    editor.set(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const chosen = props.caps ? chosenStrongpoints(props.caps.sectors, props.layout) : [];
  const taken = (row: CapFlipRow): string | null => {
    if (!props.caps || (row.side !== 'Allies' && row.side !== 'Axis')) return null;
    const sector = capturedSector(props.caps.leftSide, { side: row.side, new_score: row.score });
    if (sector === undefined) return null;
    const where = chosen[sector] ?? props.caps.sectors[sector]?.join(' / ') ?? '';
    return `Takes sector ${sector + 1}${where ? `: ${where}` : ''}`;
  };
  const save = async () => {
    const outcome = await editor.submit();
    if (!outcome.ok) return;
    const last = outcome.data.at(-1);
    await announceEdit(
      last
        ? `Cap flips saved: ${outcome.data.length} ${outcome.data.length === 1 ? 'capture' : 'captures'}, ending ${last.new_score}.`
        : 'The match has no cap flips now.',
    );
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
          const where = taken(row);
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

function LayoutForm(props: { refTo: MatchRef; mapName: string; caps: MapSectors | null; layout: unknown[] }) {
  const caps = props.caps;
  const [editor, state] = useEditor(() =>
    layoutEditor(props.refTo, caps ? chosenStrongpoints(caps.sectors, props.layout) : []),
  );
  if (!caps) {
    return (
      <section className="editor island-form" aria-labelledby="match-edit-layout-legend">
        <h3 id="match-edit-layout-legend" className="legend">
          Layout
        </h3>
        <p className="hint">The sectors of {props.mapName} are not known, so its layout cannot be chosen.</p>
      </section>
    );
  }
  const chosen = state.value;
  const save = async () => {
    const outcome = await editor.submit();
    if (!outcome.ok) return;
    const named = outcome.data.filter((p): p is string => p !== null);
    await announceEdit(named.length ? `Layout saved: ${named.join(', ')}.` : 'The layout was cleared.');
  };
  const where = (i: number) =>
    i === 0
      ? ` (${caps.leftSide} HQ side)`
      : i === caps.sectors.length - 1
        ? ` (${otherSide(caps.leftSide)} HQ side)`
        : i === 2
          ? ' (middle)'
          : '';
  return (
    <EditForm id="match-edit-layout" legend="Layout" state={state} save="Save layout" onSubmit={() => void save()}>
      <p className="hint">
        The strongpoint in play in each sector of {props.mapName}, from the {caps.leftSide} HQ.
      </p>
      <div className="sectors">
        {caps.sectors.map((points, i) => (
          <fieldset key={i} className="sector">
            <legend>
              Sector {i + 1}
              {where(i)}
            </legend>
            {[...points, null].map((point) => (
              <label key={point ?? ''} className="choice">
                <input
                  type="radio"
                  name={`match-edit-layout-${i}`}
                  value={point ?? ''}
                  checked={(chosen[i] ?? null) === point}
                  onChange={() => editor.set(caps.sectors.map((_, j) => (j === i ? point : (chosen[j] ?? null))))}
                />
                {point ?? 'Not known'}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </EditForm>
  );
}
