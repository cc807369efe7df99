import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { maskPersonalData } from './log-mask.ts';

/** Callers pass ids, never names, e-mails or phones; every line is masked (docs/architecture.md#data). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'text';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  addSecret(secret: string): void;
}

export interface LogSink {
  write(level: LogLevel, line: string): void;
}

const consoleSink: LogSink = {
  write(level, line) {
    (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  },
};

export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'text' : 'json';
}

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function withRequestId<T>(requestId: string, run: () => T): T {
  return requestContext.run({ requestId }, run);
}

interface LogEntry {
  time: string;
  level: LogLevel;
  msg: string;
  [field: string]: unknown;
}

function formatValue(value: unknown): string {
  const text = String(value);
  return /[\s"=]/.test(text) ? JSON.stringify(text) : text;
}

function formatText(entry: LogEntry): string {
  const { time, level, msg, ...fields } = entry;
  const parts = [time, level.toUpperCase(), msg];
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) parts.push(`${key}=${formatValue(value)}`);
  }
  return parts.join(' ');
}

/** An error may echo a 256 KB body; the start says what it was. */
const MAX_VALUE_CHARS = 300;
const MAX_STACK_CHARS = 4_000;

function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

function cutFields(fields: LogFields | undefined): LogFields {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([key, value]) => [
      key,
      typeof value === 'string' ? cutText(value, key === 'stack' ? MAX_STACK_CHARS : MAX_VALUE_CHARS) : value,
    ]),
  );
}

export function createLogger(options: { level?: LogLevel; format?: LogFormat; sink?: LogSink } = {}): Logger {
  const sink = options.sink ?? consoleSink;
  const format = options.format ?? 'text';
  const secrets = new Set<string>();

  const maskLine = (line: string) => {
    let out = line;
    for (const secret of secrets) {
      out = out.split(secret).join('[redacted]');
      // Inside a JSON line the secret appears escaped.
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret) out = out.split(escaped).join('[redacted]');
    }
    return maskPersonalData(out);
  };

  const destination = {
    write(serialized: string) {
      const line = serialized.trimEnd();
      const entry = JSON.parse(line) as LogEntry;
      sink.write(entry.level, maskLine(format === 'json' ? line : formatText(entry)));
    },
  };

  const instance = pino(
    {
      level: options.level ?? 'info',
      // systemd and Docker add their own host details.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
    },
    destination,
  );

  const log = (level: LogLevel, message: string, fields?: LogFields) =>
    instance[level](cutFields(fields), cutText(message, MAX_VALUE_CHARS));

  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
    addSecret(secret) {
      if (secret.length >= 4) secrets.add(secret);
    },
  };
}
