import { maskPersonalData } from './log-mask.ts';

/**
 * One line per event on stdout/stderr. Buyers' personal data never goes through here in full
 * (DESIGN §1): callers pass ids, never names, e-mails or phones, and secrets are masked.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Registers a value (e.g. the gateway token) that must never appear in a log line. */
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

function formatValue(value: string | number | boolean | null): string {
  const text = String(value);
  return /[\s"=]/.test(text) ? JSON.stringify(text) : text;
}

export function createLogger(options: { level?: LogLevel; sink?: LogSink } = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const sink = options.sink ?? consoleSink;
  const secrets = new Set<string>();

  const mask = (line: string) => {
    let out = line;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return maskPersonalData(out);
  };

  const log = (level: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[level] < threshold) return;
    const parts = [new Date().toISOString(), level.toUpperCase(), message];
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (value !== undefined) parts.push(`${key}=${formatValue(value)}`);
    }
    sink.write(level, mask(parts.join(' ')));
  };

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
