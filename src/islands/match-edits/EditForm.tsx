import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { MapStore } from 'nanostores';
import type { EditorState } from '#lib/client/match-edits.ts';

/** A form's frame: fieldset and legend, its error, and the save button (disabled while sending). */
export function EditForm(props: {
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
export function Field(props: {
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

/** One editor made once per mount, and its state as it changes. */
export function useEditor<V, E, D>(make: () => { $state: MapStore<EditorState<V, E>> } & D) {
  const [editor] = useState(make);
  const state = useStore(editor.$state);
  return [editor, state] as const;
}
