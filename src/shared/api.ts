/** The body of every 4xx/5xx our API sends: a Portuguese message, and per-field messages for forms. */
export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string>;
}
