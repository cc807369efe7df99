import { useState } from 'react';
import { imageField as copy, pageEditorApi } from '../../content/offer.ts';
import { IMAGE_MAX_BYTES, imageSrc, parseImageRef } from '../../shared/offer-image.ts';
import { ApiError } from '../lib/api.ts';
import { Button, buttonVariants } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { adminApi } from './admin-api.ts';

/** The server's words; a proxy's own 413 page (nginx's body limit) carries none. */
function refusalOf(failure: unknown): string {
  if (!(failure instanceof ApiError)) return copy.unreadable;
  if (failure.message) return failure.message;
  return failure.status === 413 ? pageEditorApi.imageTooLarge : copy.unreadable;
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
        <figure className="mt-1.5 flex items-center gap-3">
          <img
            src={imageSrc(image)}
            alt=""
            width={96}
            height={Math.round((96 * image.height) / image.width)}
            className="h-auto w-24 rounded-lg border border-line"
          />
          <figcaption className="text-sm text-slate-400">{copy.size(image.width, image.height)}</figcaption>
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
