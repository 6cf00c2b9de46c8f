import { useState, type ChangeEvent, type DragEvent, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createReportForm } from '#lib/client/stores/report-form.ts';
import { paths } from '#lib/links.ts';
import { focusFirstInvalid } from '#lib/client/focus.ts';
import type { ReportFormValues } from '#lib/schemas/report-form.ts';
import { MATCH_RESULTS } from '#lib/schemas/match-constants.ts';
import './report-form.css';
import { isYearless, LOG_FORMAT_TABLE } from '#lib/schemas/log-formats.ts';

interface Choice {
  value: string;
  label: string;
}

export interface ReportFormProps {
  teams: Choice[];
  tournaments: Choice[];
  maps: Choice[];
  /** The team the reporter manages (first choice of the winner), if any. */
  ownTeam: string | undefined;
  currentYear: number;
}

/** A date as a person says it, in UTC as the server read it: 'Friday 27 December 2024, 19:00 UTC'. */
function playedOn(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day.replace(',', '')}, ${date.toISOString().slice(11, 16)} UTC`;
}

/** Fewer players than this on a side is a seeding or test game rather than a competitive match. */
const FEWEST_COMPETITIVE_PLAYERS = 6;

const playersOf = (n: number) => `${n} player${n === 1 ? '' : 's'}`;

/**
 * The match report form (spec section 2, /statistics/matches/report): teams, type, the optional overrides of what
 * the log says, and the log file (picker or drag and drop). It sends POST /v2/matches/serverlog; a file with several
 * matches lists them to pick one; a 400 shows the server's words next to its field; success opens the new match.
 * Nothing typed is lost on an error.
 */
export default function ReportForm(props: ReportFormProps) {
  const [dragging, setDragging] = useState(false);
  const [form] = useState(() =>
    createReportForm({
      winner: props.ownTeam ?? '',
      loser: '',
      kind: 'competitive',
      event: '',
      result: '',
      map: '',
      date: '',
      duration: '',
      victor_side: '',
      title: '',
      url: '',
      visibility: 'public',
      format: '',
      // HLU's text export writes no year: the server reads it from the weekday unless one is given here.
      year: '',
      file: null,
    }),
  );
  const candidates = useStore(form.$candidates);
  const chosen = useStore(form.$chosen);
  const sameGame = useStore(form.$sameGame);
  const backdated = useStore(form.$backdated);
  const dateConfirmed = useStore(form.$dateConfirmed);
  const summary = useStore(form.$summary);
  const { values, errors, formError, submitting } = useStore(form.$form);
  const set =
    <K extends keyof ReportFormValues & string>(name: K) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      form.setField(name, event.target.value as ReportFormValues[K]);
  const chooseFile = form.chooseFile;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const outcome = await form.submit();
    if (!outcome.ok) return focusFirstInvalid(element);
    if (outcome.result.kind !== 'created') return;
    window.location.assign(
      `${paths.match(outcome.result.match_id)}?series=${encodeURIComponent(outcome.result.series)}`,
    );
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    chooseFile(event.dataTransfer.files[0] ?? null);
  };
  const described = (name: string) =>
    errors[name] ? { 'aria-describedby': `${name}-error`, 'aria-invalid': true } : {};
  const error = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const teamOptions = (
    <>
      <option value="">Choose a team</option>
      {props.teams.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
    </>
  );

  return (
    <form className="report-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
      <fieldset>
        <legend>Teams</legend>
        <div className="row">
          <label>
            Winner
            <select name="winner" value={values.winner} onChange={set('winner')} {...described('winner')}>
              {teamOptions}
            </select>
            {error('winner')}
          </label>
          <label>
            Loser
            <select name="loser" value={values.loser} onChange={set('loser')} {...described('loser')}>
              {teamOptions}
            </select>
            {error('loser')}
          </label>
        </div>
        <div className="row">
          <label>
            Type
            <select name="kind" value={values.kind} onChange={set('kind')}>
              <option value="competitive">Competitive</option>
              <option value="friendly">Friendly</option>
              <option value="event">Event</option>
            </select>
          </label>
          {values.kind === 'event' && (
            <label>
              Tournament
              <select name="event" value={values.event} onChange={set('event')} {...described('event')}>
                <option value="">Choose a tournament</option>
                {props.tournaments.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              {error('event')}
            </label>
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend>Log file</legend>
        <label
          className={`drop${dragging ? ' dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span>{values.file ? `Log file: ${values.file.name}` : 'Drop the log file here or choose it'}</span>
          <input
            type="file"
            name="file"
            accept=".txt,.csv,.json,.log,text/plain,text/csv,application/json"
            onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            {...described('file')}
          />
        </label>
        {error('file')}
        {summary && (
          <div className="log-summary" aria-live="polite">
            <p>
              {`The log: ${summary.map}, ${summary.result}, played on ${playedOn(summary.date)}; ` +
                `${playersOf(summary.allies)} on Allies and ${playersOf(summary.axis)} on Axis.`}
            </p>
            {values.kind !== 'friendly' && Math.min(summary.allies, summary.axis) < FEWEST_COMPETITIVE_PLAYERS && (
              <p className="field-error">
                {`A side of ${playersOf(Math.min(summary.allies, summary.axis))} is a seeding or test game, not a ` +
                  'competitive match: choose Friendly, or check that this is the right file.'}
              </p>
            )}
            {values.kind !== 'friendly' && !values.result && !/^(5-0|4-1|3-2)$/.test(summary.result) && (
              <p className="field-error">
                {`A ${values.kind} match needs 5-0, 4-1 or 3-2 and the log says ${summary.result}: report it as ` +
                  "Friendly, or give the result the teams agreed under 'Correct what the log says'."}
              </p>
            )}
          </div>
        )}
        <div className="row">
          <label>
            Format
            <select name="format" value={values.format} onChange={set('format')} {...described('format')}>
              <option value="">Detect from the file</option>
              {LOG_FORMAT_TABLE.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label} ({entry.id})
                </option>
              ))}
            </select>
            {error('format')}
          </label>
          {isYearless(values.format) && (
            <label>
              Year of the log (empty: read from the weekday)
              <input
                name="year"
                inputMode="numeric"
                placeholder={String(props.currentYear)}
                value={values.year}
                onChange={set('year')}
                {...described('year')}
              />
              {error('year')}
            </label>
          )}
        </div>
        {candidates && (
          <fieldset className="candidates">
            <legend>This file holds several matches: choose the one to report</legend>
            {candidates.map((c) => (
              <label key={c.index}>
                <input
                  type="radio"
                  name="match"
                  value={c.index}
                  checked={chosen === c.index}
                  onChange={() => form.$chosen.set(c.index)}
                />
                {`${c.map}, ${c.score}, ${new Date(c.start).toUTCString()}`}
              </label>
            ))}
          </fieldset>
        )}
      </fieldset>

      <details className="overrides">
        <summary>Correct what the log says (optional)</summary>
        <div className="row">
          <label>
            Result
            <select name="result" value={values.result} onChange={set('result')} {...described('result')}>
              <option value="">From the log</option>
              {MATCH_RESULTS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            {error('result')}
          </label>
          <label>
            Victor side
            <select name="victor_side" value={values.victor_side} onChange={set('victor_side')}>
              <option value="">From the log</option>
              <option value="Allies">Allies</option>
              <option value="Axis">Axis</option>
            </select>
          </label>
          <label>
            Map
            <select name="map" value={values.map} onChange={set('map')} {...described('map')}>
              <option value="">From the log</option>
              {props.maps.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
            {error('map')}
          </label>
        </div>
        <div className="row">
          <label>
            Date and time
            <input
              type="datetime-local"
              name="date"
              value={values.date}
              onChange={set('date')}
              {...described('date')}
            />
            {error('date')}
          </label>
          <label>
            Duration (min)
            <input
              name="duration"
              inputMode="numeric"
              value={values.duration}
              onChange={set('duration')}
              {...described('duration')}
            />
            {error('duration')}
          </label>
        </div>
      </details>

      <fieldset>
        <legend>About the match</legend>
        <div className="row">
          <label>
            Title (optional)
            <input name="title" value={values.title} onChange={set('title')} maxLength={200} {...described('title')} />
            {error('title')}
          </label>
          <label>
            Stream URL (optional)
            <input type="url" name="url" value={values.url} onChange={set('url')} {...described('url')} />
            {error('url')}
          </label>
          <label>
            Visibility
            <select name="visibility" value={values.visibility} onChange={set('visibility')}>
              <option value="public">Public</option>
              <option value="private">Private (the two teams and admins only)</option>
            </select>
          </label>
        </div>
      </fieldset>

      {backdated && (
        <fieldset className="confirm-date">
          <legend>{`The log says this match was played on ${playedOn(backdated.date)}`}</legend>
          <p role="alert">{backdated.error}</p>
          <label>
            <input
              type="checkbox"
              name="backdated"
              checked={dateConfirmed}
              onChange={(e) => form.$dateConfirmed.set(e.target.checked)}
            />
            {`Yes, it was played on ${playedOn(backdated.date)}: report it with that date`}
          </label>
        </fieldset>
      )}
      {sameGame && (
        <p className="form-error" role="alert">
          {sameGame.error}{' '}
          <a href={`${paths.match(sameGame.match_id)}?series=${encodeURIComponent(sameGame.series)}`}>
            Open match {sameGame.match_id}
          </a>
        </p>
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Reporting…' : candidates ? 'Report the chosen match' : 'Report match'}
      </button>
    </form>
  );
}
