import { accentFailures, type AccentSurface, contrastText, normalizeHexColor, suggestAccent } from './color.ts';
import { parseVideoLink, VIDEO_LINK_MAX } from './video-link.ts';
import { z } from './zod.ts';

/** The accent colour, `#rrggbb`, or `''`: the build's green. */
export interface ColorField {
  kind: 'color';
}

/** A YouTube or Vimeo link for the hero (shared/video-link.ts), or `''`: none. */
export interface VideoField {
  kind: 'video';
}

export interface LookMessages {
  color: string;
  /** One surface the colour leaves unreadable: its worst `ratio` (e.g. "2,3:1") and the `minimum` (e.g. "4,5:1"). */
  colorSurfaces: Record<AccentSurface, (ratio: string, minimum: string) => string>;
  /** The surfaces' sentences, and the nearest colour that passes them all, if that hue has one. */
  colorContrast: (problems: string[], suggestion: string | undefined) => string;
  video: string;
}

/** A stored version from before these fields reads them as the build's look. */
export function lookFieldSchema(field: ColorField | VideoField, messages: LookMessages): z.ZodType {
  if (field.kind === 'video')
    return z
      .string(messages.video)
      .max(VIDEO_LINK_MAX, messages.video)
      .transform((value) => value.trim())
      .refine((value) => value === '' || parseVideoLink(value) !== undefined, messages.video)
      .default('');
  return z
    .string(messages.color)
    .max(20, messages.color)
    .transform((value) => (value.trim() === '' ? '' : (normalizeHexColor(value) ?? value)))
    .superRefine((value, context) => {
      if (value === '') return;
      if (normalizeHexColor(value) === undefined) return context.addIssue({ code: 'custom', message: messages.color });
      const failures = accentFailures(value);
      if (failures.length === 0) return;
      const problems = failures.map(({ surface, ratio, minimum }) =>
        messages.colorSurfaces[surface](contrastText(ratio), `${String(minimum).replace('.', ',')}:1`),
      );
      context.addIssue({ code: 'custom', message: messages.colorContrast(problems, suggestAccent(value)) });
    })
    .default('');
}
