/** The server's words for a refused action on one row of a queue (nothing when it did not fail). */
export function RowError(props: { error: string | null }) {
  return props.error ? (
    <p className="error" role="alert">
      {props.error}
    </p>
  ) : null;
}
