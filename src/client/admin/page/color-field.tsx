import type { InputHTMLAttributes } from 'react';
import { lookEditor } from '../../../content/look.ts';
import { accentFailures, BUILD_ACCENT, normalizeHexColor, suggestAccent } from '../../../shared/color.ts';
import { Button } from '../../ui/button.tsx';

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
      <input {...text} type="text" placeholder={BUILD_ACCENT} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * The one tap under a refused colour (the refusal above it says why, with the figures): the nearest colour
 * that reads on every surface (shared/color.ts `suggestAccent`), or nothing when the colour passes, is not a
 * colour yet, or has no lightness that passes.
 */
export function ColorSuggestion({ value, disabled, onChange }: { value: string; disabled?: boolean; onChange: (value: string) => void }) {
  const hex = normalizeHexColor(value);
  const suggestion = hex && accentFailures(hex).length > 0 ? suggestAccent(hex) : undefined;
  if (!suggestion) return null;
  return (
    <Button variant="secondary" className="mt-2" disabled={disabled} onClick={() => onChange(suggestion)}>
      <span aria-hidden="true" className="size-4 shrink-0 rounded-full border border-line" style={{ backgroundColor: suggestion }} />
      {lookEditor.useColor(suggestion)}
    </Button>
  );
}
