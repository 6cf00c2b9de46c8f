import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { $notifications, dismiss, type Notice, type NoticeKind } from '#lib/client/stores/notifications.ts';
import './notifications.css';

/** A notification the server already knows (a sign-in failure), with the address that drops it without JavaScript. */
export interface ServerNotice {
  kind: NoticeKind;
  message: string;
  /** The page's address without the parameter that raised it: the dismiss link before hydration. */
  dismissHref: string;
}

const NO_NOTICES: readonly Notice[] = [];
const noNotices = () => NO_NOTICES;
const subscribe = (onChange: () => void) => $notifications.listen(onChange);

const LABELS: Record<Notice['kind'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Info',
  success: 'Success',
  loading: 'Loading',
};

/**
 * The one notifications region of every page (`aria-live="polite"`), mounted by the layout. It renders the
 * server's notices at once (dismissible by a plain link) and, once hydrated, everything `notify()` and
 * `whileLoading()` put into `$notifications`.
 */
export default function NotificationsRegion({ initial = [] }: { initial?: ServerNotice[] }) {
  // The island hydrates BECAUSE an island raised a notice: rendering it in the hydrating pass would differ from the
  // server's HTML (React error #418). The server snapshot (none) is what hydration renders; the store's notices
  // follow in the next render.
  const notices = useSyncExternalStore(subscribe, () => $notifications.get(), noNotices);
  const [serverNotices, setServerNotices] = useState(initial);

  const dropServerNotice = (notice: ServerNotice) => (event: MouseEvent) => {
    event.preventDefault();
    setServerNotices((all) => all.filter((other) => other !== notice));
    history.replaceState(history.state, '', notice.dismissHref);
  };

  return (
    <section className="notifications" aria-live="polite" aria-label="Notifications">
      {serverNotices.map((notice) => (
        <div key={notice.dismissHref + notice.message} className={`notice ${notice.kind}`} role="status">
          <strong>{LABELS[notice.kind]}:</strong> <span>{notice.message}</span>
          <a className="dismiss" href={notice.dismissHref} onClick={dropServerNotice(notice)}>
            Dismiss
          </a>
        </div>
      ))}
      {notices.map((notice) => (
        <div key={notice.id} className={`notice ${notice.kind}`} role="status">
          <strong>{LABELS[notice.kind]}:</strong> <span>{notice.message}</span>
          {notice.kind === 'loading' ? (
            <span className="elapsed">{notice.seconds} s</span>
          ) : (
            <button type="button" className="dismiss" onClick={() => dismiss(notice.id)}>
              Dismiss
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
