export interface TextFieldProps {
  /** The form's id prefix: the input is `{idPrefix}-{name}`, its hint and error `…-hint` and `…-error`. */
  idPrefix: string;
  name: string;
  label: string;
  hint?: string | undefined;
  type: 'text' | 'url';
  required?: boolean;
  /** The form's state: the field shows `values[name]` and `errors[name]` (the form's own check or the server's 400). */
  state: { values: Readonly<Record<string, unknown>>; errors: Partial<Record<string, string>> };
  onChange: (name: string, value: string) => void;
}

/** What a form says about one of its text fields: its label, hint, input type and whether it must be filled. */
export type TextFieldSpec = Pick<TextFieldProps, 'label' | 'hint' | 'type' | 'required'>;

/**
 * A labelled text input of a form island, with its hint and its error below it; both are tied to the input with
 * aria-describedby, and an error marks it aria-invalid.
 */
export function TextField(props: TextFieldProps) {
  const { idPrefix, name, label, hint, type, required = false, state, onChange } = props;
  const error = state.errors[name];
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={String(state.values[name] ?? '')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(name, e.currentTarget.value)}
      />
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
