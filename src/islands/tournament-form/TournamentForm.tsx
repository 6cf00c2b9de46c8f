import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createTournamentForm, editTournamentForm, type TournamentFormValues } from '#lib/client/tournament-form.ts';
import { submitThenGo } from '#lib/client/form.ts';
import '#islands/shared/controls.css';
import '#islands/shared/island-form.css';
import { useTypedBeforeHydration } from '#islands/shared/use-typed-before-hydration.ts';
import { TextField, type TextFieldSpec } from '#islands/shared/TextField.tsx';
import { CheckboxField } from '#islands/shared/CheckboxField.tsx';
import { FormFooter } from '#islands/shared/FormFooter.tsx';
import { TAGGED_FIELDS, tagField } from '#islands/shared/tagged-fields.ts';

export interface TournamentFormProps {
  /** 'create' (POST, tag typed here) or 'edit' (PATCH of the tournament `initial.tag`; the tag cannot change). */
  mode: 'create' | 'edit';
  initial: TournamentFormValues;
  /** Where to go after saving: this address with `{tag}` replaced by the saved tournament's tag. */
  doneHref: string;
  cancelHref: string;
}

type TextFieldName = 'name' | 'tag' | 'icon' | 'invite';
const LABELS: Record<TextFieldName, TextFieldSpec> = {
  ...TAGGED_FIELDS,
  tag: tagField('Up to 16 characters, no spaces, slashes, ?, # or %. It cannot be changed later.'),
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

  const textField = (name: TextFieldName) => (
    <TextField idPrefix="tf" name={name} {...LABELS[name]} state={state} onChange={set} />
  );

  const checkbox = (name: 'event' | 'active', label: string) => (
    <CheckboxField idPrefix="tf" name={name} label={label} state={state} onChange={set} />
  );

  return (
    <form
      className="island-form tournament-form"
      ref={formRef}
      onSubmit={submitThenGo(form, props.doneHref)}
      noValidate
    >
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
      <FormFooter
        formError={state.formError}
        submitting={state.submitting}
        submitLabel={props.mode === 'create' ? 'Create tournament' : 'Save changes'}
        busyLabel="Saving…"
        cancelHref={props.cancelHref}
      />
    </form>
  );
}
