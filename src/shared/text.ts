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

export function markHiddenCharacters(text: string): string {
  return text.replace(EVERY_HIDDEN_IN_LINES, '\uFFFD');
}
