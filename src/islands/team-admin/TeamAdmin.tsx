import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ApiKeyState } from '#lib/schemas/team-view.ts';
import { apiKeyPanel, changeTagForm, deleteTeam } from '#lib/client/team-admin.ts';
import { useTypedBeforeHydration } from '#islands/shared/use-typed-before-hydration.ts';
import { TextField } from '#islands/shared/TextField.tsx';
import { FormFooter } from '#islands/shared/FormFooter.tsx';
import { focusFirstInvalid } from '#lib/client/focus.ts';
import '#islands/shared/controls.css';
import '#islands/shared/island-form.css';
import './team-admin.css';

export interface TeamAdminProps {
  series: string;
  tag: string;
  isAdmin: boolean;
  /** What the page knew of the key when it was rendered (never the key itself). */
  apiKey: ApiKeyState;
  /** The team list (after deleting) and the team's page with `{tag}` (after a new tag). */
  teamsHref: string;
  teamHref: string;
}

/**
 * The team's managers' tools: change the tag, create or rotate the API key (shown once, with a copy button) and,
 * for admins, delete the team after a confirmation. Every call is checked again by the server; failures are shown
 * in the server's words and keep what was typed.
 */
export default function TeamAdmin(props: TeamAdminProps) {
  const [tagForm] = useState(() => changeTagForm(props.series, props.tag));
  const tagState = useStore(tagForm.$form);
  const tagFormRef = useRef<HTMLFormElement>(null);
  const [setTagField] = useState(() => (name: string, value: string | boolean) => {
    if (name === 'new_tag' && typeof value === 'string') tagForm.setField('new_tag', value);
  });
  // A tag typed or pasted before the island woke up is taken over, not thrown away.
  useTypedBeforeHydration(tagFormRef, tagForm.$form, setTagField);
  const [panel] = useState(() => apiKeyPanel(props.tag));
  const key = useStore(panel.$panel);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onChangeTag = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const outcome = await tagForm.submit();
    if (outcome.ok) window.location.assign(props.teamHref.replace('{tag}', encodeURIComponent(outcome.result)));
    else focusFirstInvalid(element);
  };
  const onDelete = async () => {
    const error = await deleteTeam(props.series, props.tag);
    if (error === null) window.location.assign(props.teamsHref);
    else setDeleteError(error);
  };
  const copy = async () => {
    if (!key.newKey) return;
    await navigator.clipboard.writeText(key.newKey).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const existing = props.apiKey;

  return (
    <div className="team-admin island-form">
      <form className="section" ref={tagFormRef} onSubmit={onChangeTag} noValidate>
        <h3>Change tag</h3>
        <TextField
          idPrefix="team"
          name="new_tag"
          label="New tag"
          hint={`The old tag ${props.tag} keeps finding the team.`}
          type="text"
          required
          state={tagState}
          onChange={setTagField}
        />
        <FormFooter
          formError={tagState.formError}
          submitting={tagState.submitting}
          submitLabel="Change tag"
          busyLabel="Changing…"
          variant="secondary"
        />
      </form>

      <section className="section" aria-labelledby="team-api-key-title">
        <h3 id="team-api-key-title">API key</h3>
        {existing.kind === 'failed' ? (
          <p className="error">Could not fetch teams information: {existing.status}</p>
        ) : existing.kind === 'key' ? (
          <p className="hint">
            The team has a key starting with <code>{existing.key_prefix}</code>, made{' '}
            {new Date(existing.created_at).toLocaleDateString('en', { dateStyle: 'medium' })}. A new key replaces it.
          </p>
        ) : (
          <p className="hint">The team has no API key. Bots such as HLL Log Utilities report matches with one.</p>
        )}
        {key.newKey && (
          <div className="new-key" role="status">
            <p>
              <strong>This key will not be shown again.</strong> Copy it now and keep it secret.
            </p>
            <code className="key">{key.newKey}</code>
            <button type="button" className="button secondary" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        )}
        {key.error && (
          <p className="error" role="alert">
            {key.error}
          </p>
        )}
        <div className="buttons">
          <button type="button" className="button secondary" disabled={key.busy} onClick={() => void panel.rotate()}>
            {existing.kind === 'key' || key.newKey ? 'Rotate API key' : 'Create API key'}
          </button>
        </div>
      </section>

      {props.isAdmin && (
        <section className="section" aria-labelledby="team-delete-title">
          <h3 id="team-delete-title">Delete team</h3>
          {confirming ? (
            <div className="buttons">
              <span>Delete {props.tag}? Its matches stay; the team leaves every list.</span>
              <button type="button" className="button danger" onClick={() => void onDelete()}>
                Yes, delete {props.tag}
              </button>
              <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          ) : (
            <div className="buttons">
              <button type="button" className="button secondary" onClick={() => setConfirming(true)}>
                Delete team
              </button>
            </div>
          )}
          {deleteError && (
            <p className="error" role="alert">
              {deleteError}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
