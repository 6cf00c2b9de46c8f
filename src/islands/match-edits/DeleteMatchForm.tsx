import { useState } from 'react';
import { ApiError } from '#lib/client/api-error.ts';
import { deleteMatch } from '#lib/client/match-correction.ts';
import type { MatchRef } from '#lib/client/match-edits.ts';
import { navigate } from '#lib/client/navigate.ts';
import { notify } from '#lib/client/stores/notifications.ts';
import { matchUpdateFailed } from '#lib/matches/match-edits.ts';

/**
 * Deletes the match after a confirmation in words (what goes, and that it cannot be undone); then the match list.
 * Offered to an admin at any time and to the managers of either team while the match is not approved (the server
 * checks again); a refusal shows the server's words.
 */
export function DeleteMatchForm(props: {
  refTo: MatchRef;
  /** The match in words: 'AAA vs BBB 3-2, Mar 1, 2026'. */
  described: string;
  /** Where to go once it is deleted (the match list). */
  after: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const id = props.refTo.matchId;
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteMatch(props.refTo);
      notify('success', `Match ${id} is deleted.`);
      await navigate(props.after);
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : 0;
      const words = failure instanceof ApiError ? failure.serverMessage : undefined;
      setError(words ? `${matchUpdateFailed(status)}. ${words}` : matchUpdateFailed(status));
      setBusy(false);
    }
  };
  return (
    <section className="editor delete-match" aria-labelledby="match-delete-legend">
      <p className="legend" id="match-delete-legend">
        Delete the match
      </p>
      {!asking ? (
        <div className="buttons">
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            {`Delete match ${id}…`}
          </button>
        </div>
      ) : (
        <div role="group" aria-labelledby="match-delete-question">
          <p id="match-delete-question">
            Delete match {id} ({props.described}) with its players&apos; statistics? This cannot be undone.
          </p>
          <div className="buttons">
            <button type="button" className="button danger" disabled={busy} onClick={() => void remove()}>
              {busy ? 'Deleting…' : `Yes, delete match ${id}`}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setAsking(false)}>
              Keep the match
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
