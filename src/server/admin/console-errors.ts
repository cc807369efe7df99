import { createHash } from 'node:crypto';
import type { ConsoleErrorReport } from '../../shared/console-errors.ts';
import { cleanTyped } from '../../shared/text.ts';
import { maskPersonalData } from '../lib/log-mask.ts';
import type { LogFields } from '../lib/logger.ts';

/** A message says what failed in a few words; a longer one is someone's data more often than code's. */
const MESSAGE_CHARS = 200;
const NAME_CHARS = 60;
const STACK_FRAMES = 8;
const FRAME_CHARS = 160;
/** Line breaks (a forged log line in a text log) become spaces; control characters and invisible marks go. */
const oneLine = (text: string) =>
  cleanTyped(text, false)
    .replace(/[\u2028\u2029]/g, ' ')
    .trim();

/** `at render (https://shop.example/assets/admin-x.js?v=1:1:2)` → `at render (/assets/admin-x.js:1:2)`. */
function plainFrame(frame: string): string {
  const scheme = frame.indexOf('://');
  if (scheme === -1) return frame;
  const start = Math.max(frame.lastIndexOf('(', scheme), frame.lastIndexOf(' ', scheme), frame.lastIndexOf('@', scheme)) + 1;
  const path = frame.indexOf('/', scheme + 3);
  const location = path === -1 ? '' : frame.slice(path);
  // The query and hash go (a console hash names an order); the line and column after them stay.
  const cut = location.search(/[?#]/);
  if (cut === -1) return frame.slice(0, start) + location;
  const tail = location.slice(cut);
  const line = tail.lastIndexOf(':', tail.lastIndexOf(':') - 1);
  return frame.slice(0, start) + location.slice(0, cut) + (line > 0 ? tail.slice(line) : '');
}

/**
 * Only the frames: V8's first line repeats the message, unmasked. Frames are code locations, masked all the same
 * (a function's name can be anything a bundle made of it).
 */
function framesOf(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const frames = stack
    .split('\n')
    .map((line) => oneLine(line))
    .filter((line) => line.startsWith('at ') || line.includes('@'))
    .slice(0, STACK_FRAMES)
    .map((line) => maskPersonalData(plainFrame(line)).slice(0, FRAME_CHARS));
  return frames.length ? frames.join(' | ') : undefined;
}

/**
 * The one log line of a console page error (docs/operations.md#console-errors): its area, kind, error name and message
 * with any e-mail, CPF or phone masked (a thrown value's name can be any text), cut to 200 characters, a hash to group the same message, and the frames.
 */
export function consoleErrorFields(report: ConsoleErrorReport): LogFields {
  const message = maskPersonalData(oneLine(report.message));
  return {
    area: report.area,
    kind: report.kind,
    error: maskPersonalData(oneLine(report.name)).slice(0, NAME_CHARS) || 'Error',
    message: message.slice(0, MESSAGE_CHARS),
    messageHash: createHash('sha256').update(message).digest('base64url').slice(0, 12),
    stack: framesOf(report.stack),
  };
}
