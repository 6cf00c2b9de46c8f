import { useState } from 'react';
import type { ClaimReview, ClaimStatus } from '#lib/schemas/claim.ts';
import { decideClaim } from '#lib/client/decisions.ts';
import { RowError } from '#islands/shared/RowError.tsx';
import { failureText } from '#lib/client/claims.ts';
import { formatDate } from '#lib/format/dates.ts';
// The same list of decisions as the registration queue: one look for both review queues.
import '#islands/shared/controls.css';
import '#islands/team-form/registration-queue.css';

export interface ClaimQueueProps {
  claims: ClaimReview[];
  /** A player's page with '{id}' in place of the id. */
  playerHref: string;
}

type Row = ClaimReview & { status: ClaimStatus; error: string | null; busy: boolean };
const key = (row: ClaimReview) => `${row.steam_id}/${row.user_id}`;

/**
 * The queue of profile claims waiting for the caller (an admin: all; a team manager: their teams' players):
 * approve (the claimant owns the profile from then on) or reject. Each row shows the outcome, or the server's
 * words when the decision was refused.
 */
export default function ClaimQueue(props: ClaimQueueProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    props.claims.map((c) => ({ ...c, status: 'pending', error: null, busy: false })),
  );
  const update = (target: Row, change: Partial<Row>) =>
    setRows((all) => all.map((row) => (key(row) === key(target) ? { ...row, ...change } : row)));
  const decide = async (row: Row, action: 'approve' | 'reject') => {
    update(row, { busy: true, error: null });
    try {
      const decided = await decideClaim(row.steam_id, row.user_id, action);
      update(row, { status: decided.status, busy: false });
    } catch (error) {
      update(row, { busy: false, error: failureText(error) });
    }
  };

  return (
    <ul className="registration-queue claim-queue">
      {rows.map((row) => (
        <li key={key(row)} className="request">
          <p className="who">
            <a href={props.playerHref.replace('{id}', encodeURIComponent(row.steam_id))}>{row.player_name}</a>{' '}
            <span className="hint">
              ({row.steam_id}) claimed by {row.user_name} on {formatDate(row.created_at)}
              {row.teams.length > 0 ? `; played for ${row.teams.join(', ')}` : ''}
            </span>
          </p>
          {row.status === 'pending' ? (
            <div className="buttons">
              {(['approve', 'reject'] as const).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={action === 'approve' ? 'button' : 'button secondary'}
                  disabled={row.busy}
                  onClick={() => void decide(row, action)}
                >
                  {action === 'approve' ? 'Approve' : 'Reject'}
                  <span className="visually-hidden">
                    {' '}
                    the claim of {row.player_name} by {row.user_name}
                  </span>
                </button>
              ))}
            </div>
          ) : (
            <p role="status">
              {row.status === 'approved'
                ? `Approved: ${row.user_name} owns this profile now.`
                : 'Rejected: the profile stays as it was.'}
            </p>
          )}
          <RowError error={row.error} />
        </li>
      ))}
    </ul>
  );
}
