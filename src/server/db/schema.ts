/**
 * Table types for Kysely. Times are epoch milliseconds (bigint columns) so that SQLite and
 * Postgres compare them the same way; money is integer centavos.
 */
export interface FunnelTable {
  /** Calendar day in America/Sao_Paulo, YYYY-MM-DD. */
  day: string;
  event: string;
  /** Route key (see shared/routes.ts), never a raw URL: no tokens or query strings. */
  path: string;
  count: number;
}

export interface Database {
  funnel: FunnelTable;
}
