import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { teamForm, TEAM_FORM_FIELDS, type TeamFormMode, type TeamFormValues } from '#lib/client/team-form.ts';
import { submitThenGo } from '#lib/client/form.ts';
import '#islands/shared/controls.css';
import '#islands/shared/island-form.css';
import { useTypedBeforeHydration } from '#islands/shared/use-typed-before-hydration.ts';
import { TextField, type TextFieldSpec } from '#islands/shared/TextField.tsx';
import { CheckboxField } from '#islands/shared/CheckboxField.tsx';
import { FormFooter } from '#islands/shared/FormFooter.tsx';
import { TAGGED_FIELDS, tagField } from '#islands/shared/tagged-fields.ts';

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

type TextFieldName = 'name' | 'tag' | 'icon' | 'invite' | 'discord_role_id' | 'contact';
const FIELDS: Record<TextFieldName, TextFieldSpec> = {
  ...TAGGED_FIELDS,
  tag: tagField('Up to 16 characters, no spaces, slashes, ?, # or %, e.g. [7DR].'),
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
  const set = form.setField as (name: string, value: string | boolean) => void;
  const formRef = useRef<HTMLFormElement>(null);
  const fields: readonly string[] = TEAM_FORM_FIELDS[props.mode];

  useTypedBeforeHydration(formRef, form.$form, set);

  const textField = (name: TextFieldName) => (
    <TextField key={name} idPrefix="team" name={name} {...FIELDS[name]} state={state} onChange={set} />
  );

  const [submitLabel, busyLabel] = SUBMIT[props.mode];
  return (
    <form className="island-form team-form" ref={formRef} onSubmit={submitThenGo(form, props.doneHref)} noValidate>
      {(['name', 'tag', 'icon', 'invite', 'discord_role_id', 'contact'] as const)
        .filter((name) => fields.includes(name))
        .map(textField)}
      {fields.includes('inactive') && (
        <CheckboxField
          idPrefix="team"
          name="inactive"
          label="Inactive (listed under Inactive Teams, not in the ranking)"
          state={state}
          onChange={set}
        />
      )}
      <FormFooter
        formError={state.formError}
        submitting={state.submitting}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        cancelHref={props.cancelHref}
      />
    </form>
  );
}
