/** "Música" → "Musica": the text in NFD with its combining accents dropped. */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Runs of whitespace (line breaks and tabs too) become one space; both ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** At most `maxLength` characters: a longer text is cut and ends in "…". */
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

/** ` Maria@Example.COM ` → `maria@example.com`: an address as it is stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface CountLabel {
  readonly one: string;
  readonly other: string;
}

/** The word for `count`: `one` for exactly 1, `other` for any other number (pt-BR says "0 vagas"). */
export function countLabel(count: number, label: CountLabel): string {
  return count === 1 ? label.one : label.other;
}

export function formatCount(count: number, label: CountLabel): string {
  return `${count} ${countLabel(count, label)}`;
}

/**
 * Controls and the bidi overrides that make text display in another order than it reads ("Trojan
 * Source"); tab, LF and CR are a person's own where a text has lines.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const EVERY_HIDDEN_IN_LINES = new RegExp(HIDDEN_IN_LINES, 'g');

/** Whether `text` holds a hidden character; `lines`: tab, LF and CR are allowed. */
export function hasHiddenCharacters(text: string, lines: boolean): boolean {
  return (lines ? HIDDEN_IN_LINES : HIDDEN_IN_A_LINE).test(text);
}

/** Each hidden character (tab and line breaks kept) as U+FFFD: the text stays readable and shows where one was. */
export function markHiddenCharacters(text: string): string {
  return text.replace(EVERY_HIDDEN_IN_LINES, '\uFFFD');
}
