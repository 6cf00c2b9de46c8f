export interface FormFooterProps {
  /** A failure that names no field, announced above the buttons. */
  formError: string | undefined;
  submitting: boolean;
  /** The submit button's words, and its words while the form is being sent. */
  submitLabel: string;
  busyLabel: string;
  /** Where Cancel leads (absent: no Cancel link, a form that is one part of a page). */
  cancelHref?: string | undefined;
  /** The submit button's look: 'secondary' for a form beside the page's main action. */
  variant?: 'primary' | 'secondary';
}

/** The end of a form island: the error of the whole form, if any, then the submit button and a Cancel link. */
export function FormFooter(props: FormFooterProps) {
  return (
    <>
      {props.formError && (
        <p className="error form-error" role="alert">
          {props.formError}
        </p>
      )}
      <div className="buttons">
        <button
          type="submit"
          className={props.variant === 'secondary' ? 'button secondary' : 'button'}
          disabled={props.submitting}
        >
          {props.submitting ? props.busyLabel : props.submitLabel}
        </button>
        {props.cancelHref && <a href={props.cancelHref}>Cancel</a>}
      </div>
    </>
  );
}
