import { contrastRatio, contrastText, MIN_BUTTON_CONTRAST, normalizeHexColor } from './color.ts';
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
  /** The white label on a button of this colour reads at `ratio` (e.g. "2,3:1"), under WCAG AA's 4,5:1. */
  colorContrast: (ratio: string) => string;
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
      const ratio = contrastRatio(value, '#ffffff');
      if (ratio < MIN_BUTTON_CONTRAST) context.addIssue({ code: 'custom', message: messages.colorContrast(contrastText(ratio)) });
    })
    .default('');
}
