export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, maxLength: number): string {
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** `MARIA da silva` → `Maria`; a name typed with mixed case is kept as typed. */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  if (first === '') return '';
  const uniformCase = first === first.toLocaleLowerCase('pt-BR') || first === first.toLocaleUpperCase('pt-BR');
  if (!uniformCase) return first;
  const lower = first.toLocaleLowerCase('pt-BR');
  return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface CountLabel {
  readonly one: string;
  readonly other: string;
}

/** pt-BR says "0 vagas". */
export function countLabel(count: number, label: CountLabel): string {
  return count === 1 ? label.one : label.other;
}

export function formatCount(count: number, label: CountLabel): string {
  return `${count} ${countLabel(count, label)}`;
}

/** "Trojan Source" controls and bidi overrides; tab, LF and CR are a person's own where a text has lines. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const EVERY_HIDDEN_IN_LINES = new RegExp(HIDDEN_IN_LINES, 'g');

export function hasHiddenCharacters(text: string, lines: boolean): boolean {
  return (lines ? HIDDEN_IN_LINES : HIDDEN_IN_A_LINE).test(text);
}

/**
 * Marks a paste brings that show as nothing: bidi controls and marks, the zero-width space, the word joiner, a byte-order
 * mark. Not the zero-width joiner and non-joiner (U+200D, U+200C): emoji and scripts are drawn with them.
 */
const INVISIBLE_MARKS = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const EVERY_INVISIBLE_MARK = new RegExp(INVISIBLE_MARKS, 'g');
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const EVERY_CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function hasInvisibleMarks(text: string): boolean {
  return INVISIBLE_MARKS.test(text);
}

/**
 * A console field's text as typed or pasted, with what would publish unseen or be refused taken out: a tab becomes a
 * space (a spreadsheet's cells), invisible marks and control characters go, and a one-line field's line breaks become
 * spaces. Linear; each class is one pass.
 */
export function cleanTyped(text: string, lines: boolean): string {
  const clean = text.replace(/\t/g, ' ').replace(EVERY_INVISIBLE_MARK, '').replace(EVERY_CONTROL_BUT_LINES, '');
  return lines ? clean : clean.replace(/\r\n|[\r\n]/g, ' ');
}

export function markHiddenCharacters(text: string): string {
  return text.replace(EVERY_HIDDEN_IN_LINES, '\uFFFD');
}
