import { useState, type SubmitEvent } from 'react';
import { notify } from '#lib/client/stores/notifications.ts';
import { addWebhook, removeWebhook } from '#lib/client/webhooks.ts';
import type { Webhook } from '#lib/schemas/webhook.ts';
import '#islands/shared/controls.css';
import '#islands/shared/island-form.css';
import './webhooks.css';

export interface WebhooksProps {
  series: string;
  webhooks: Webhook[];
  /** The session's CSRF token, for the plain forms that work before hydration. */
  csrfToken: string;
  /** Why the last plain form post was refused (server-rendered next to the address). */
  error?: string | undefined;
}

/**
 * The Discord webhooks of a series (admins; the server checks every call). Server-rendered as plain forms that
 * post to the API and come back (303); hydrated, adding and removing are API calls that update the list in place,
 * with the server's words next to the address on a refusal. Saved addresses are only ever shown masked.
 */
export default function Webhooks(props: WebhooksProps) {
  const [webhooks, setWebhooks] = useState(props.webhooks);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>(props.error);
  const [busy, setBusy] = useState(false);
  const base = `/v3/series/${encodeURIComponent(props.series)}/webhooks`;

  const add = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('url') ?? url);
    setBusy(true);
    const added = await addWebhook(props.series, typed);
    setBusy(false);
    if ('error' in added) {
      setError(added.error);
      return;
    }
    const created = added.ok;
    setWebhooks((list) => [...list, created]);
    setUrl('');
    setError(undefined);
    notify('success', `Webhook ${created.discord_id} added: new results of ${props.series} go to its channel.`);
  };

  const remove = async (event: SubmitEvent<HTMLFormElement>, webhook: Webhook) => {
    event.preventDefault();
    setBusy(true);
    const refused = await removeWebhook(props.series, webhook.id);
    setBusy(false);
    if (refused) {
      notify('error', `Could not remove the webhook. ${refused}`);
      return;
    }
    setWebhooks((list) => list.filter((w) => w.id !== webhook.id));
    notify('success', `Webhook ${webhook.discord_id} removed.`);
  };

  return (
    <div className="webhooks">
      {webhooks.length === 0 ? (
        <p className="empty">No webhooks yet: results of {props.series} are not posted to Discord.</p>
      ) : (
        <ul className="webhook-list">
          {webhooks.map((w) => (
            <li key={w.id}>
              <code className="address">{w.masked_url}</code>
              <span className="counts">
                {w.delivered} delivered · {w.pending} waiting · {w.failed} failed
                {w.last_error ? ` · last error: ${w.last_error}` : ''}
              </span>
              <form method="post" action={`${base}/${w.id}`} onSubmit={(e) => void remove(e, w)}>
                <input type="hidden" name="csrf_token" value={props.csrfToken} />
                <button type="submit" className="button secondary" disabled={busy}>
                  Remove<span className="visually-hidden"> webhook {w.discord_id}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={base} className="island-form" onSubmit={(e) => void add(e)} noValidate>
        <input type="hidden" name="csrf_token" value={props.csrfToken} />
        <div className="field">
          <label htmlFor="webhook-url">Webhook URL</label>
          <input
            id="webhook-url"
            name="url"
            type="url"
            autoComplete="off"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'webhook-url-hint webhook-url-error' : 'webhook-url-hint'}
          />
          <p className="hint" id="webhook-url-hint">
            In Discord: channel settings, Integrations, Webhooks, Copy Webhook URL (https://discord.com/api/webhooks/…).
            It is kept secret: after saving only its id and last 4 characters are shown.
          </p>
          {error && (
            <p className="error" id="webhook-url-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="buttons">
          <button type="submit" className="button" disabled={busy}>
            Add webhook
          </button>
        </div>
      </form>
    </div>
  );
}
