import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createTournamentForm, editTournamentForm, type TournamentFormValues } from '#lib/client/tournament-form.ts';
import '#islands/shared/island-form.css';
import { useTypedBeforeHydration } from '#islands/shared/use-typed-before-hydration.ts';

export interface TournamentFormProps {
  /** 'create' (POST, tag typed here) or 'edit' (PATCH of the tournament `initial.tag`; the tag cannot change). */
  mode: 'create' | 'edit';
  initial: TournamentFormValues;
  /** Where to go after saving: this address with `{tag}` replaced by the saved tournament's tag. */
  doneHref: string;
  cancelHref: string;
}

type TextField = 'name' | 'tag' | 'icon' | 'invite';
const LABELS: Record<TextField, { label: string; hint?: string; type: 'text' | 'url' }> = {
  name: { label: 'Name', type: 'text' },
  tag: {
    label: 'Tag',
    hint: 'Up to 16 characters, no spaces, slashes, ?, # or %. It cannot be changed later.',
    type: 'text',
  },
  icon: { label: 'Icon URL', hint: 'Empty, or an absolute URL such as https://cdn.discordapp.com/…', type: 'url' },
  invite: { label: 'Invite URL', hint: 'Empty, or an absolute URL such as https://discord.gg/…', type: 'url' },
};

/**
 * Create or edit a tournament (admins; the server checks it again). Server-rendered as a complete form; hydrated
 * on first engagement, it validates with the API's own schema (errors next to their fields), sends the call,
 * keeps what was typed on a failure and goes to the tournament's page on success.
 */
export default function TournamentForm(props: TournamentFormProps) {
  const [form] = useState(() =>
    props.mode === 'create'
      ? createTournamentForm(props.initial)
      : editTournamentForm(props.initial.tag, props.initial),
  );
  const state = useStore(form.$form);
  const values = state.values as Partial<TournamentFormValues>;
  const set = form.setField as (name: string, value: string | boolean) => void;
  const formRef = useRef<HTMLFormElement>(null);

  useTypedBeforeHydration(formRef, form.$form, set);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await form.submit();
    if (outcome.ok) window.location.assign(props.doneHref.replace('{tag}', encodeURIComponent(outcome.result)));
  };

  const textField = (name: TextField) => {
    const { label, hint, type } = LABELS[name];
    const error = state.errors[name];
    const describedBy = [hint ? `tf-${name}-hint` : '', error ? `tf-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field" key={name}>
        <label htmlFor={`tf-${name}`}>{label}</label>
        <input
          id={`tf-${name}`}
          name={name}
          type={type}
          value={String(values[name] ?? '')}
          required={name === 'name' || name === 'tag'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => set(name, e.currentTarget.value)}
        />
        {hint && (
          <p className="hint" id={`tf-${name}-hint`}>
            {hint}
          </p>
        )}
        {error && (
          <p className="error" id={`tf-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const checkbox = (name: 'event' | 'active', label: string) => (
    <div className="field check" key={name}>
      <input
        id={`tf-${name}`}
        name={name}
        type="checkbox"
        checked={Boolean(values[name])}
        onChange={(e) => set(name, e.currentTarget.checked)}
      />
      <label htmlFor={`tf-${name}`}>{label}</label>
      {state.errors[name] && <p className="error">{state.errors[name]}</p>}
    </div>
  );

  return (
    <form className="island-form tournament-form" ref={formRef} onSubmit={onSubmit} noValidate>
      {textField('name')}
      {props.mode === 'create' ? (
        textField('tag')
      ) : (
        <div className="field">
          <span className="label">Tag</span>
          <p className="fixed">{props.initial.tag}</p>
        </div>
      )}
      {textField('icon')}
      {textField('invite')}
      <div className="field">
        <label htmlFor="tf-description">Description</label>
        <textarea
          id="tf-description"
          name="description"
          rows={5}
          value={String(values.description ?? '')}
          aria-invalid={state.errors['description'] ? true : undefined}
          aria-describedby={state.errors['description'] ? 'tf-description-error' : undefined}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        {state.errors['description'] && (
          <p className="error" id="tf-description-error">
            {state.errors['description']}
          </p>
        )}
      </div>
      {checkbox('event', 'Event tournament (its matches are reported as events)')}
      {props.mode === 'edit' && checkbox('active', 'Active (listed on the home page)')}
      {state.formError && (
        <p className="error form-error" role="alert">
          {state.formError}
        </p>
      )}
      <div className="buttons">
        <button type="submit" className="button" disabled={state.submitting}>
          {state.submitting ? 'Saving…' : props.mode === 'create' ? 'Create tournament' : 'Save changes'}
        </button>
        <a href={props.cancelHref}>Cancel</a>
      </div>
    </form>
  );
}
