import { metaEventNames, type TrackParams, type TrackerEventName, type TrackerIds } from './tracker-events.ts';

/**
 * The third-party trackers: GA4, the Meta Pixel and Clarity session replay. This module is its
 * own chunk, imported only after the visitor accepted cookies and the page is interactive.
 * A blocked or failing script changes nothing on the page: the stubs just queue into the void.
 */

type Gtag = (...args: unknown[]) => void;
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}
type TrackerWindow = Window & {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: Fbq;
  _fbq?: Fbq;
  clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
};

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => script.remove();
  document.head.append(script);
}

function startGoogleAnalytics(win: TrackerWindow, id: string): Gtag {
  win.dataLayer = win.dataLayer ?? [];
  // gtag must push the `arguments` object itself, as Google's snippet does.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag needs the arguments object itself
    win.dataLayer!.push(arguments);
  };
  win.gtag('js', new Date());
  win.gtag('config', id, { send_page_view: false });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  return win.gtag;
}

function startMetaPixel(win: TrackerWindow, id: string): Fbq {
  if (!win.fbq) {
    // Meta's loader stub: calls made before fbevents.js arrives wait in `queue`.
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    win.fbq = fbq;
    win._fbq = fbq;
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  win.fbq('init', id);
  return win.fbq;
}

function startClarity(win: TrackerWindow, id: string): void {
  const clarity = (win.clarity ??= Object.assign(
    (...args: unknown[]) => {
      (clarity.q ??= []).push(args);
    },
    { q: [] as unknown[] },
  ));
  addScript(`https://www.clarity.ms/tag/${encodeURIComponent(id)}`);
}

export interface TrackerSender {
  send(name: TrackerEventName, params: TrackParams, eventId: string): void;
}

export function startTrackers(ids: TrackerIds): TrackerSender {
  const win = window as TrackerWindow;
  const gtag = ids.gaId ? startGoogleAnalytics(win, ids.gaId) : undefined;
  const fbq = ids.metaPixelId ? startMetaPixel(win, ids.metaPixelId) : undefined;
  if (ids.clarityId) startClarity(win, ids.clarityId);

  return {
    send(name, params, eventId) {
      const clean = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
      gtag?.('event', name, clean);
      if (!fbq) return;
      if (name === 'page_view') {
        fbq('track', 'PageView', {}, { eventID: eventId });
        // docs/product.md#the-journey: on the landing page a view-content pixel event is fired.
        if (params.page_path === '/') fbq('track', 'ViewContent', {}, { eventID: `${eventId}-vc` });
        return;
      }
      const metaName = metaEventNames[name as keyof typeof metaEventNames];
      // GA4's `items` is no Pixel parameter: the Pixel's Purchase carries the total value, as the
      // Conversions API's does (server/conversions/meta-conversions.ts).
      const flat = Object.fromEntries(Object.entries(clean).filter(([, value]) => !Array.isArray(value)));
      if (metaName) fbq('track', metaName, flat, { eventID: eventId });
    },
  };
}
