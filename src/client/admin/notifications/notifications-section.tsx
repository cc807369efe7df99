import { useCallback, useEffect, useId, useState } from 'react';
import { notificationsPanel as copy, pushKindLabels } from '../../../content/notifications.ts';
import type { PushKind, PushSettings } from '../../../shared/push.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { formatDateTime } from '../format.ts';
import { useAdminData } from '../use-admin-data.ts';
import { installAvailable, onInstallAvailable, promptInstall, runsInstalled, subscribeThisDevice, thisDeviceName } from './console-app.ts';
import { notificationsApi } from './notifications-api.ts';

const card = 'rounded-2xl border border-line bg-ink-850 p-4';
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Each person's "Notificações": this device on or off, their devices, what rings and the quiet hours. */
export function NotificationsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const load = useCallback(() => notificationsApi.settings(), []);
  const { state, reload } = useAdminData(load, onSignedOut);
  return (
    <section aria-labelledby="notifications-title" className="space-y-4">
      <div>
        <h2 id="notifications-title" className="text-xl font-black text-white">
          {copy.title}
        </h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
      </div>
      <InstallCard />
      {state.kind === 'failed' ? <Alert variant="destructive">{state.message}</Alert> : null}
      {state.kind === 'ready' ? <Settings settings={state.data} onChanged={() => void reload()} /> : null}
    </section>
  );
}

function InstallCard() {
  const [available, setAvailable] = useState(installAvailable);
  useEffect(() => onInstallAvailable(() => setAvailable(true)), []);
  if (runsInstalled()) return <p className="text-sm text-slate-400">{copy.installed}</p>;
  return (
    <div className={card}>
      {available ? (
        <Button variant="secondary" onClick={() => void promptInstall().then(() => setAvailable(false))}>
          {copy.install}
        </Button>
      ) : (
        <p className="text-sm text-slate-300">
          <strong className="text-white">{copy.install}.</strong> {copy.installIphone}
        </p>
      )}
    </div>
  );
}

function Settings({ settings, onChanged }: { settings: PushSettings; onChanged: () => void }) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'enabled' | 'unsupported' | 'denied' | 'failed'>('idle');
  const enable = async () => {
    setStatus('busy');
    try {
      const result = await subscribeThisDevice(settings.publicKey);
      if (result.kind !== 'ok') return setStatus(result.kind);
      await notificationsApi.addDevice(result.subscription, thisDeviceName());
      setStatus('enabled');
      onChanged();
    } catch {
      setStatus('failed');
    }
  };
  const message = { enabled: copy.enabled, unsupported: copy.unsupported, denied: copy.denied, failed: copy.failed }[
    status as 'enabled' | 'unsupported' | 'denied' | 'failed'
  ];
  return (
    <>
      <div className={card}>
        <Button variant="cta" disabled={status === 'busy'} onClick={() => void enable()}>
          {status === 'busy' ? copy.enabling : copy.enable}
        </Button>
        {message ? (
          <p role="status" className="mt-2 text-sm text-slate-300">
            {message}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="notifications-devices" className={card}>
        <h3 id="notifications-devices" className="text-base font-extrabold text-white">
          {copy.devices}
        </h3>
        {settings.devices.length === 0 ? <p className="mt-2 text-sm text-slate-400">{copy.noDevices}</p> : null}
        <ul className="mt-2 divide-y divide-line">
          {settings.devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-semibold text-white">{device.device}</span>
                <span className="block text-slate-400">
                  {device.lastSentAt === null ? copy.neverSent : copy.lastSent(formatDateTime(device.lastSentAt))}
                </span>
              </span>
              <Button variant="danger" onClick={() => void notificationsApi.removeDevice(device.id).then(onChanged, onChanged)}>
                {copy.remove}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <PreferencesForm key={JSON.stringify(settings.preferences)} settings={settings} onSaved={onChanged} />
    </>
  );
}

function PreferencesForm({ settings, onSaved }: { settings: PushSettings; onSaved: () => void }) {
  const id = useId();
  const [muted, setMuted] = useState<PushKind[]>(settings.preferences.muted);
  const [quietStart, setQuietStart] = useState(settings.preferences.quietStart);
  const [quietEnd, setQuietEnd] = useState(settings.preferences.quietEnd);
  const [saved, setSaved] = useState<string | null>(null);
  const toggle = (kind: PushKind, on: boolean) =>
    setMuted((current) => (on ? current.filter((item) => item !== kind) : [...current, kind]));
  const save = async () => {
    try {
      await notificationsApi.savePreferences({ muted, quietStart, quietEnd });
      setSaved(copy.saved);
      onSaved();
    } catch (error) {
      setSaved(error instanceof ApiError ? error.message : copy.failed);
    }
  };
  const hourSelect = (label: string, value: number, change: (hour: number) => void) => (
    <label className="flex items-center gap-2">
      <span>{label}</span>
      <select
        value={value}
        onChange={(event) => change(Number(event.target.value))}
        className="min-h-11 rounded-lg border border-line bg-ink-800 px-2 text-white"
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {`${String(hour).padStart(2, '0')}:00`}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section aria-labelledby={`${id}-kinds`} className={card}>
      <h3 id={`${id}-kinds`} className="text-base font-extrabold text-white">
        {copy.kinds}
      </h3>
      <ul className="mt-2 space-y-2">
        {settings.kinds.map((kind) => (
          <li key={kind}>
            <label className="flex min-h-11 items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-5"
                checked={!muted.includes(kind)}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              <span className="font-semibold text-white">
                {pushKindLabels[kind].name}
                <span className="block font-normal text-slate-400">{pushKindLabels[kind].hint}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-base font-extrabold text-white">{copy.quiet}</h3>
      <p className="mt-1 text-sm text-slate-400">{copy.quietHint}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-300">
        {hourSelect(copy.quietFrom, quietStart, setQuietStart)}
        {hourSelect(copy.quietTo, quietEnd, setQuietEnd)}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <Button variant="secondary" onClick={() => void save()}>
          {copy.save}
        </Button>
        {saved ? (
          <p role="status" className="text-sm text-slate-300">
            {saved}
          </p>
        ) : null}
      </div>
    </section>
  );
}
