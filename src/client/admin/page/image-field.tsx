import { useState } from 'react';
import { imageField as copy, pageEditorApi } from '../../../content/offer.ts';
import { IMAGE_MAX_BYTES, imageSrc, parseImageRef, withImageFocus, type OfferImage } from '../../../shared/offer-image.ts';
import { ApiError } from '../../lib/api.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { adminApi } from '../admin-api.ts';

/** The server's words; a proxy's own 413 page (nginx's body limit) carries none. */
function refusalOf(failure: unknown): string {
  if (!(failure instanceof ApiError)) return copy.unreadable;
  if (failure.message) return failure.message;
  return failure.status === 413 ? pageEditorApi.imageTooLarge : copy.unreadable;
}

/** What an arrow key does to the focus, in percent of the photo. */
const FOCUS_STEPS: Record<string, [number, number]> = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] };

/**
 * The thumbnail as a button: a tap (or a click) where the seller wants the photo's point that stays in view, and the
 * arrow keys move it from the keyboard. The dot marks it.
 */
function FocusPicker({
  id,
  image,
  disabled,
  onFocus,
}: {
  id: string;
  image: OfferImage;
  disabled: boolean;
  onFocus: (focus: { x: number; y: number }) => void;
}) {
  const focus = image.focus ?? { x: 50, y: 50 };
  return (
    <button
      type="button"
      aria-label={copy.focus}
      aria-describedby={`${id}-focus ${id}-focus-hint`}
      disabled={disabled}
      onClick={(event) => {
        // A keyboard's Enter or Space is a click at no point of the photo (detail 0): the arrows move the point instead.
        if (event.detail === 0) return;
        const box = event.currentTarget.getBoundingClientRect();
        onFocus({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
      }}
      onKeyDown={(event) => {
        const step = FOCUS_STEPS[event.key];
        if (!step) return;
        event.preventDefault();
        onFocus({ x: focus.x + step[0], y: focus.y + step[1] });
      }}
      className="relative block w-40 shrink-0 cursor-crosshair overflow-hidden rounded-lg border border-line focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
    >
      <img
        src={imageSrc(image)}
        alt=""
        width={160}
        height={Math.round((160 * image.height) / image.width)}
        className="block h-auto w-full"
      />
      <span
        aria-hidden="true"
        className="absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-500/70 shadow"
        style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
      />
    </button>
  );
}

/**
 * An image of the page (docs/editing.md#images): the seller picks a file, the server checks it by
 * its content, strips its metadata and stores the page's sizes; the field keeps the reference.
 */
export function ImageField({
  id,
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const image = parseImageRef(value);
  const message = refusal ?? error;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    // Said at once, without sending 25 MB over a phone's connection for the server to refuse.
    if (file.size > IMAGE_MAX_BYTES) {
      setRefusal(pageEditorApi.imageTooLarge);
      return;
    }
    setUploading(true);
    setRefusal(undefined);
    try {
      const stored = await adminApi.uploadPageImage(file);
      onChange(stored.ref);
    } catch (failure) {
      setRefusal(refusalOf(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div>
      <p id={`${id}-label`} className="block text-sm font-semibold text-slate-200">
        {label}
      </p>
      {image ? (
        <figure className="mt-1.5 flex flex-wrap items-start gap-3">
          <FocusPicker id={id} image={image} disabled={disabled || uploading} onFocus={(focus) => onChange(withImageFocus(value, focus))} />
          <figcaption className="min-w-0 flex-1 text-sm text-slate-400">
            <span className="block">{copy.size(image.width, image.height)}</span>
            <span id={`${id}-focus`} className="block text-slate-300">
              {image.focus ? copy.focusAt(image.focus.x, image.focus.y) : copy.focusCentre}
            </span>
            <span id={`${id}-focus-hint`} className="mt-1 block text-xs">
              {copy.focusHint}
            </span>
          </figcaption>
        </figure>
      ) : (
        <p className="mt-1.5 text-sm text-slate-400">{copy.none}</p>
      )}
      {/* The browser's own file button speaks the browser's language: a button of ours, in Portuguese, opens it. */}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif"
        disabled={disabled || uploading}
        aria-labelledby={`${id}-label ${id}-button`}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
        className="peer sr-only"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <label
          id={`${id}-button`}
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: 'secondary' }),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400 peer-disabled:cursor-wait peer-disabled:opacity-60',
          )}
        >
          {image ? copy.replace : copy.upload}
        </label>
        {image ? (
          <Button variant="secondary" disabled={disabled || uploading} onClick={() => onChange('')}>
            {copy.remove}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        {uploading ? copy.uploading : copy.hint}
      </p>
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-300">
          {message}
        </p>
      ) : null}
    </div>
  );
}
