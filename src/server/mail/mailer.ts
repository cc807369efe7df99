import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger.ts';
import { maskPersonalData } from '../lib/log-mask.ts';
import { maskEmail } from '../lib/mask-email.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Deterministic, so a re-send after a crash can be dropped; it holds the order id, by which erasure finds `.eml` files. */
  messageId: string;
  /** Logged only in the demo: with a real gateway it is a buyer's credential. */
  demoLink?: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly mode: 'smtp' | 'file';
  /** An aborted `signal` closes the SMTP connection (the outbox's hard send deadline). */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<void>;
  /** Checks the SMTP server answers and accepts the login (the console's Saúde page); file mode has nothing to check. */
  verify?(): Promise<void>;
  close(): void;
}

/** A failed delivery, with recipient addresses (and any other buyer data) masked so the message can be logged and stored. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(maskPersonalData(message), options);
    this.name = 'MailDeliveryError';
  }
}

// Seconds, not nodemailer's minutes: the worker holds a lease while it sends, so a hung server must become a retry.
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/** `demoMode`: the sandbox takes the charges (Config.demoMode), so file mode may log each mail's demoLink. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger; demoMode?: boolean }): Mailer {
  const { logger } = options;
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, logger)
    : createFileMailer(path.join(options.dataDir, 'outbox'), options.from, logger, options.demoMode === true);
}

function envelope(from: string, message: MailMessage) {
  const { to, subject, text, html, messageId, headers } = message;
  return { from, to, subject, text, html, messageId, ...(headers ? { headers } : {}) };
}

function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const password = /\/\/[^:/@]+:([^@]+)@/.exec(smtpUrl)?.[1];
  if (password) logger.addSecret(decodeURIComponent(password));
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    mode: 'smtp',
    async send(message, sendOptions) {
      try {
        const info = await transport.sendMail({
          ...envelope(from, message),
          ...(sendOptions?.signal ? { signal: sendOptions.signal } : {}),
        });
        if (info.rejected.length > 0) throw new Error(`recipient rejected: ${info.response}`);
        logger.debug('mail accepted by SMTP server', { to: maskEmail(message.to), messageId: message.messageId });
      } catch (error) {
        throw new MailDeliveryError(`SMTP delivery failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    },
    async verify() {
      try {
        await transport.verify();
      } catch (error) {
        throw new MailDeliveryError(`SMTP check failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}

/** `<order-abc@vitrine>` → `order-abc@vitrine.eml`: the same message always lands in the same file. */
function fileNameFor(messageId: string): string {
  const base = messageId
    .replace(/^<|>$/g, '')
    .replace(/[^A-Za-z0-9._@-]/g, '_')
    .slice(0, 180);
  return `${base || randomUUID()}.eml`;
}

function createFileMailer(dir: string, from: string, logger: Logger, logDemoLinks: boolean): Mailer {
  // The same RFC 5322 message SMTP would carry, CRLF included: it opens in any mail client.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    mode: 'file',
    async send(message) {
      try {
        const info = await transport.sendMail(envelope(from, message));
        // A message carries the buyer's name, address and links: readable by the server's user only.
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        const file = path.join(dir, fileNameFor(message.messageId));
        // Written beside its final name and renamed, so a reader never sees half a message.
        const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
        try {
          await fs.writeFile(temporary, info.message as Buffer, { mode: 0o600 });
          await fs.rename(temporary, file);
        } catch (error) {
          await fs.rm(temporary, { force: true });
          throw error;
        }
        logger.info('mail written to file (no SMTP_URL set)', {
          to: maskEmail(message.to),
          file,
          // In the demo the link helps a newcomer; with a real gateway it is a buyer's credential, kept out of logs.
          ...(logDemoLinks && message.demoLink ? { link: message.demoLink } : {}),
        });
      } catch (error) {
        throw new MailDeliveryError(`could not write mail file: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    },
    close() {
      transport.close();
    },
  };
}

/** Whatever the mailer's mode today: files written before an SMTP_URL was set are still there. */
export async function deleteMailFilesOfOrders(dataDir: string, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const matching = names.filter((name) => /\.eml(?:\..*\.tmp)?$/.test(name) && orderIds.some((id) => name.includes(id)));
  await Promise.all(matching.map((name) => fs.rm(path.join(dir, name), { force: true })));
  return matching.length;
}
