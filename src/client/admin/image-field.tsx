import { useState } from 'react';
import { imageField as copy } from '../../content/offer.ts';
import { imageSrc, parseImageRef } from '../../shared/offer-image.ts';
import { ApiError } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { adminApi } from './admin-api.ts';

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
    setUploading(true);
    setRefusal(undefined);
    try {
      const stored = await adminApi.uploadPageImage(file);
      onChange(stored.ref);
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.message ? failure.message : copy.unreadable);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-200">
        {label}
      </label>
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
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={disabled || uploading}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
        className="mt-2 block w-full text-sm text-slate-300 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-500 file:px-4 file:font-bold file:text-ink-950"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        {uploading ? copy.uploading : copy.hint}
      </p>
      {image ? (
        <Button variant="secondary" className="mt-2" disabled={disabled || uploading} onClick={() => onChange('')}>
          {copy.remove}
        </Button>
      ) : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-300">
          {message}
        </p>
      ) : null}
    </div>
  );
}
