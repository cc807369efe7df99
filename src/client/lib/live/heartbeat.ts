import { apiFetch } from '../api.ts';
import { refreshLiveSignals } from './store.ts';

/** A visible landing page says "still here" this often; the server counts the last 60 s. */
const PRESENCE_BEAT_MS = 30_000;
const VISITOR_KEY = 'vitrine_visitor_id';
let fallbackVisitorId: string | null = null;

/** 32 hex digits. getRandomValues, unlike randomUUID, also works on a plain-http address. */
function randomVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One id per tab (sessionStorage): random, never tied to a person, forgotten when the tab closes. */
function visitorId(): string {
  try {
    const stored = window.sessionStorage.getItem(VISITOR_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
    const fresh = randomVisitorId();
    window.sessionStorage.setItem(VISITOR_KEY, fresh);
    return fresh;
  } catch {
    // Storage blocked: the id lasts as long as this page.
    fallbackVisitorId ??= randomVisitorId();
    return fallbackVisitorId;
  }
}

function sendHeartbeat(): Promise<boolean> {
  return apiFetch('POST /api/presence', { json: { visitorId: visitorId() }, credentials: 'omit' }).then(
    () => true,
    () => false,
  );
}

/**
 * While the landing page is visible, tells the server every ~30 s that this visitor is here;
 * paused while the tab is hidden, resumed (with an immediate beat) when it shows again. The first
 * beat is followed by a fresh /api/live, so the count this visitor sees includes them. Started by
 * the landing page's script, outside React (no section needs to be hydrated for it); returns the stop.
 */
export function startPresenceHeartbeat(): () => void {
  let beatTimer: ReturnType<typeof setInterval> | undefined;
  let counted = false;
  let active = true;
  const beat = async () => {
    const ok = await sendHeartbeat();
    if (ok && !counted && active) {
      counted = true;
      void refreshLiveSignals();
    }
  };
  const start = () => {
    if (beatTimer !== undefined) return;
    void beat();
    beatTimer = setInterval(() => void beat(), PRESENCE_BEAT_MS);
  };
  const stop = () => {
    clearInterval(beatTimer);
    beatTimer = undefined;
  };
  const onVisibilityChange = () => (document.visibilityState === 'hidden' ? stop() : start());
  onVisibilityChange();
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    active = false;
    stop();
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
