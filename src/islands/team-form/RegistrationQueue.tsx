import { useState } from 'react';
import type { Registration } from '#lib/schemas/registration.ts';
import { decideRegistration } from '#lib/client/decisions.ts';
import { RowError } from '#islands/shared/RowError.tsx';
import { failureText } from '#lib/client/team-admin.ts';
import '#islands/shared/controls.css';
import './registration-queue.css';

export interface RegistrationQueueProps {
  requests: Registration[];
  /** The team page with `{tag}`, linked once a request is accepted. */
  teamHref: string;
}

type Row = Registration & { reason: string; error: string | null; busy: boolean };

/**
 * The admins' queue of registration requests: accept (the team is created in the current series and the requester
 * manages it) or reject with an optional reason. Each row shows the outcome or the server's words on failure.
 */
export default function RegistrationQueue(props: RegistrationQueueProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    props.requests.map((r) => ({ ...r, reason: '', error: null, busy: false })),
  );
  const update = (id: number, change: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const decide = async (row: Row, action: 'accept' | 'reject') => {
    update(row.id, { busy: true, error: null });
    try {
      const decided = await decideRegistration(
        row.id,
        action === 'accept' ? { action } : { action, reason: row.reason },
      );
      update(row.id, { ...decided, busy: false });
    } catch (error) {
      update(row.id, { busy: false, error: failureText(error) });
    }
  };

  return (
    <ul className="registration-queue">
      {rows.map((row) => (
        <li key={row.id} className="request">
          <p className="who">
            <strong>{row.tag}</strong> {row.name}{' '}
            <span className="hint">
              requested by {row.requested_by}
              {row.contact ? ` (contact: ${row.contact})` : ''}
              {row.discord_role_id ? `, Discord role ${row.discord_role_id}` : ''}
            </span>
          </p>
          {row.status === 'pending' ? (
            <div className="buttons">
              <button type="button" className="button" disabled={row.busy} onClick={() => void decide(row, 'accept')}>
                Approve {row.tag}
              </button>
              <label htmlFor={`reason-${row.id}`} className="visually-hidden">
                Reason for rejecting {row.tag}
              </label>
              <input
                id={`reason-${row.id}`}
                type="text"
                placeholder="Reason (optional)"
                value={row.reason}
                onChange={(e) => update(row.id, { reason: e.currentTarget.value })}
              />
              <button
                type="button"
                className="button secondary"
                disabled={row.busy}
                onClick={() => void decide(row, 'reject')}
              >
                Reject {row.tag}
              </button>
            </div>
          ) : row.status === 'accepted' && row.team ? (
            <p role="status">
              Accepted: <a href={props.teamHref.replace('{tag}', encodeURIComponent(row.team))}>{row.team}</a> is
              registered.
            </p>
          ) : (
            <p role="status">Rejected{row.decision_reason ? `: ${row.decision_reason}` : '.'}</p>
          )}
          <RowError error={row.error} />
        </li>
      ))}
    </ul>
  );
}
