import { useState } from 'react';
import { ApiError } from '#lib/client/api-error.ts';
import { decideMatch } from '#lib/client/decisions.ts';
import { notify } from '#lib/client/stores/notifications.ts';
import { calculationStatusLabel } from '#lib/format/status.ts';
import type { MatchAction } from '#lib/schemas/match-input.ts';
import { matchUpdateFailed } from '#lib/matches/match-edits.ts';

export interface MatchDecisionProps {
  series: string;
  matchId: number;
  status: string;
  /** Which buttons the server would allow this caller (it checks again on every call). */
  canApprove: boolean;
  canDispute: boolean;
}

/**
 * Approve or dispute a reported match (POST .../matches/{id} {action}): the opposing team's managers and admins on
 * a pending match, admins alone approve a disputed one. The status shown updates in place and a notification
 * says what happened; a refusal shows the server's words.
 */
export default function MatchDecision(props: MatchDecisionProps) {
  const [status, setStatus] = useState(props.status);
  const [busy, setBusy] = useState(false);
  const open = status === 'pending' || status === 'disputed';
  const decide = async (action: MatchAction) => {
    setBusy(true);
    try {
      const result = await decideMatch(props.series, props.matchId, action);
      setStatus(result.calculation_status);
      notify(
        'success',
        action === 'approve'
          ? `Match approved: it is ${calculationStatusLabel(result.calculation_status)} for the ratings.`
          : 'Match disputed: an admin will settle it.',
      );
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      notify('error', `${matchUpdateFailed(error instanceof ApiError ? error.status : 0)}. ${message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="match-decision" aria-label="Approval">
      <p>
        Status: <strong data-status={status}>{calculationStatusLabel(status)}</strong>
      </p>
      {open && (props.canApprove || props.canDispute) && (
        <div className="buttons">
          {props.canApprove && (status === 'pending' || status === 'disputed') && (
            <button type="button" className="button" disabled={busy} onClick={() => void decide('approve')}>
              Approve
            </button>
          )}
          {props.canDispute && status === 'pending' && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => void decide('dispute')}>
              Dispute
            </button>
          )}
        </div>
      )}
    </section>
  );
}
