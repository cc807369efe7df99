import { notificationsPanel } from '../../../content/notifications.ts';
import { paths } from '../../../shared/routes.ts';

/**
 * The installable console (docs/notifications.md#installable-console): its manifest and worker are added here, by the
 * console's own script, so the public pages carry neither. The worker's scope is /painel alone.
 */
const WORKER = `${paths.admin}/sw.js`;
const CACHE = 'painel-v1';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

let installPrompt: InstallPrompt | null = null;
const installListeners = new Set<() => void>();

function addHeadLink(rel: string, href: string) {
  if (document.head.querySelector(`link[rel="${rel}"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

export function startConsoleApp(onOffline: (savedAt: number) => void): () => void {
  addHeadLink('manifest', `${paths.admin}/manifest.webmanifest`);
  addHeadLink('apple-touch-icon', `${paths.admin}/apple-touch-icon.png`);
  const keep = (event: Event) => {
    // Chrome's own mini-infobar gives way to the console's "Instalar no celular".
    event.preventDefault();
    installPrompt = event as InstallPrompt;
    for (const listener of installListeners) listener();
  };
  window.addEventListener('beforeinstallprompt', keep);
  const offline = (event: MessageEvent<{ type?: string; savedAt?: number }>) => {
    if (event.data.type === 'painel-offline' && typeof event.data.savedAt === 'number') onOffline(event.data.savedAt);
  };
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', offline);
    void navigator.serviceWorker.register(WORKER, { scope: paths.admin }).catch(() => undefined);
  }
  return () => {
    window.removeEventListener('beforeinstallprompt', keep);
    if ('serviceWorker' in navigator) navigator.serviceWorker.removeEventListener('message', offline);
  };
}

/** This browser's push subscription to the console, if it has one: the server forgets it at "Sair". */
export async function pushEndpointHere(): Promise<string | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration(paths.admin).catch(() => undefined);
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  return subscription?.endpoint ?? null;
}

/** Signing out leaves nothing of the console's figures on this device, and it stops ringing here. */
export async function forgetConsoleApp(): Promise<void> {
  // The worker drops its copy too, after any answer it was still keeping (public/painel/sw.js).
  if ('serviceWorker' in navigator) navigator.serviceWorker.controller?.postMessage({ type: 'painel-signed-out' });
  if (typeof caches !== 'undefined') await caches.delete(CACHE).catch(() => false);
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration(paths.admin) : undefined;
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}

export function installAvailable(): boolean {
  return installPrompt !== null;
}

export function onInstallAvailable(listener: () => void): () => void {
  installListeners.add(listener);
  return () => installListeners.delete(listener);
}

export async function promptInstall(): Promise<void> {
  const prompt = installPrompt;
  installPrompt = null;
  await prompt?.prompt();
}

export const runsInstalled = () => window.matchMedia?.('(display-mode: standalone)').matches === true;

/** The VAPID key as PushManager.subscribe takes it (RFC 8292 §3.2: the uncompressed P-256 point, base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export type EnableResult = { kind: 'ok'; subscription: PushSubscriptionJSON } | { kind: 'unsupported' | 'denied' };

/** Asks this browser for a push subscription to the shop's key; the caller hands it to the server. */
export async function subscribeThisDevice(publicKey: string): Promise<EnableResult> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return { kind: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  await navigator.serviceWorker.register(WORKER, { scope: paths.admin });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return { kind: 'ok', subscription: subscription.toJSON() };
}

/** A device's name as the list shows it, from what the browser says of itself. */
export function thisDeviceName(): string {
  const agent = navigator.userAgent;
  const system = /iPhone|iPad|Android|Windows|Mac OS|Linux/.exec(agent)?.[0]?.replace('Mac OS', 'Mac') ?? '';
  const browser =
    /Edg|SamsungBrowser|Firefox|CriOS|Chrome|Safari/.exec(agent)?.[0]?.replace('CriOS', 'Chrome').replace('Edg', 'Edge') ?? '';
  return [browser, system].filter(Boolean).join(' · ') || notificationsPanel.unknownDevice;
}
