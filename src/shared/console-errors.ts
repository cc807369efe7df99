import { text, z } from './zod.ts';

/** The console's areas, one per tab (#visao-geral, #pedidos…); `console` is the frame around them (header, navigation). */
export const CONSOLE_TABS = [
  'overview',
  'orders',
  'disputes',
  'affiliates',
  'page',
  'experiments',
  'reviews',
  'suppliers',
  'health',
  'privacy',
  'users',
  'notifications',
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];
export const CONSOLE_AREAS = ['console', ...CONSOLE_TABS] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/** `render`: caught by an area's error boundary; `error` and `rejection`: the window's uncaught ones. */
export const CONSOLE_ERROR_KINDS = ['render', 'error', 'rejection'] as const;

/** What the browser sends is cut to these lengths before it is sent; the server refuses more. */
export const CONSOLE_ERROR_LIMITS = { name: 100, message: 1_000, stack: 4_000 } as const;
/** The whole body, with JSON's escapes: refused from its length before it is parsed (413). */
export const CONSOLE_ERROR_MAX_BYTES = 16 * 1024;

/** docs/operations.md#console-errors: the server logs it with its area, never with buyer data. */
export const ConsoleErrorReportSchema = z.strictObject({
  area: z.enum(CONSOLE_AREAS),
  kind: z.enum(CONSOLE_ERROR_KINDS),
  name: text(z.string().max(CONSOLE_ERROR_LIMITS.name)),
  message: text(z.string().max(CONSOLE_ERROR_LIMITS.message)),
  stack: text(z.string().max(CONSOLE_ERROR_LIMITS.stack)).optional(),
});
export type ConsoleErrorReport = z.infer<typeof ConsoleErrorReportSchema>;
