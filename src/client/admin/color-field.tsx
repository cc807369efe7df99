import type { InputHTMLAttributes } from 'react';
import { lookEditor } from '../../content/look.ts';
import { BUILD_ACCENT, normalizeHexColor } from '../../shared/color.ts';

/**
 * The accent colour's control: the browser's colour picker beside the `#rrggbb` text, either one
 * typed; `''` is the build's green, which both show until the seller picks another (the text as its
 * placeholder). `text` are the form's usual attributes (id, error, hint).
 */
export function ColorInputs({
  text,
  value,
  onChange,
}: {
  text: InputHTMLAttributes<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex items-end gap-2">
      <input
        type="color"
        aria-label={lookEditor.colorPicker}
        disabled={text.disabled}
        value={normalizeHexColor(value) ?? BUILD_ACCENT}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-line bg-ink-900 p-1"
      />
      <input
        {...text}
        type="text"
        placeholder={BUILD_ACCENT}
        maxLength={20}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
