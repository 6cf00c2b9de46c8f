export interface CheckboxFieldProps {
  /** The form's id prefix: the checkbox is `{idPrefix}-{name}`. */
  idPrefix: string;
  name: string;
  label: string;
  /** The form's state: the box is checked when `values[name]` is true; `errors[name]` shows below it. */
  state: { values: Readonly<Record<string, unknown>>; errors: Partial<Record<string, string>> };
  onChange: (name: string, checked: boolean) => void;
}

/** A checkbox of a form island with its label after it and its error, if any, below. */
export function CheckboxField(props: CheckboxFieldProps) {
  const { idPrefix, name, label, state, onChange } = props;
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field check">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={Boolean(state.values[name])}
        onChange={(e) => onChange(name, e.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {state.errors[name] && <p className="error">{state.errors[name]}</p>}
    </div>
  );
}
