/**
 * CSV files the console exports are opened in spreadsheets, which run a cell starting with `=`,
 * `+`, `-` or `@` (or a tab/CR some apps strip first) as a formula. Such a cell gets a leading
 * apostrophe, so a buyer or supplier named `=HYPERLINK(…)` stays text (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse, for a file we exported coming back in (the supplier list's import). */
export function restoreNeutralisedCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
