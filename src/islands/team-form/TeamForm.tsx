import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { teamForm, TEAM_FORM_FIELDS, type TeamFormMode, type TeamFormValues } from '#lib/client/team-form.ts';
import '#islands/shared/island-form.css';
import { useTypedBeforeHydration } from '#islands/shared/use-typed-before-hydration.ts';

export interface TeamFormProps {
  /** 'create' (ADMIN), 'edit' (the team `tag`; managers and ADMIN) or 'request' (a registration request). */
  mode: TeamFormMode;
  series: string;
  tag: string;
  initial: TeamFormValues;
  /** Where to go after saving: this address with `{tag}` replaced by the saved team's tag. */
  doneHref: string;
  cancelHref: string;
}

type TextField = 'name' | 'tag' | 'icon' | 'invite' | 'discord_role_id' | 'contact';
const FIELDS: Record<TextField, { label: string; hint?: string; type: 'text' | 'url' }> = {
  name: { label: 'Name', type: 'text' },
  tag: { label: 'Tag', hint: 'Up to 16 characters, no spaces, slashes, ?, # or %, e.g. [7DR].', type: 'text' },
  icon: { label: 'Icon URL', hint: 'Empty, or an absolute URL such as https://cdn.discordapp.com/…', type: 'url' },
  invite: { label: 'Invite URL', hint: 'Empty, or an absolute URL such as https://discord.gg/…', type: 'url' },
  discord_role_id: {
    label: 'Discord role id',
    hint: 'Members with this role on the community server manage the team. Empty for none.',
    type: 'text',
  },
  contact: { label: 'Contact', hint: 'How the admins can reach you (your Discord name), if needed.', type: 'text' },
};
const SUBMIT: Record<TeamFormMode, [string, string]> = {
  create: ['Create team', 'Creating…'],
  edit: ['Save changes', 'Saving…'],
  request: ['Request team registration', 'Sending…'],
};

/**
 * Create, edit or request a team. Server-rendered as a complete form; hydrated on first engagement, it validates
 * with the API's own schema (errors next to their fields), sends the call, keeps what was typed on a failure and
 * goes on to `doneHref` on success. The server checks who may do it again.
 */
export default function TeamForm(props: TeamFormProps) {
  const [form] = useState(() => teamForm(props.mode, { series: props.series, tag: props.tag }, props.initial));
  const state = useStore(form.$form);
  const values = state.values as Partial<TeamFormValues>;
  const set = form.setField as (name: string, value: string | boolean) => void;
  const formRef = useRef<HTMLFormElement>(null);
  const fields: readonly string[] = TEAM_FORM_FIELDS[props.mode];

  useTypedBeforeHydration(formRef, form.$form, set);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await form.submit();
    if (outcome.ok) window.location.assign(props.doneHref.replace('{tag}', encodeURIComponent(outcome.result)));
  };

  const textField = (name: TextField) => {
    const { label, hint, type } = FIELDS[name];
    const error = state.errors[name];
    const describedBy = [hint ? `team-${name}-hint` : '', error ? `team-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field" key={name}>
        <label htmlFor={`team-${name}`}>{label}</label>
        <input
          id={`team-${name}`}
          name={name}
          type={type}
          value={String(values[name] ?? '')}
          required={name === 'name' || name === 'tag'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => set(name, e.currentTarget.value)}
        />
        {hint && (
          <p className="hint" id={`team-${name}-hint`}>
            {hint}
          </p>
        )}
        {error && (
          <p className="error" id={`team-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const [submitLabel, busyLabel] = SUBMIT[props.mode];
  return (
    <form className="island-form team-form" ref={formRef} onSubmit={onSubmit} noValidate>
      {(['name', 'tag', 'icon', 'invite', 'discord_role_id', 'contact'] as const)
        .filter((name) => fields.includes(name))
        .map(textField)}
      {fields.includes('inactive') && (
        <div className="field check">
          <input
            id="team-inactive"
            name="inactive"
            type="checkbox"
            checked={Boolean(values.inactive)}
            onChange={(e) => set('inactive', e.currentTarget.checked)}
          />
          <label htmlFor="team-inactive">Inactive (listed under Inactive Teams, not in the ranking)</label>
          {state.errors['inactive'] && <p className="error">{state.errors['inactive']}</p>}
        </div>
      )}
      {state.formError && (
        <p className="error form-error" role="alert">
          {state.formError}
        </p>
      )}
      <div className="buttons">
        <button type="submit" className="button" disabled={state.submitting}>
          {state.submitting ? busyLabel : submitLabel}
        </button>
        <a href={props.cancelHref}>Cancel</a>
      </div>
    </form>
  );
}
