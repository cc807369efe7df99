import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server, 127.0.0.1) that takes a random 0–`maxLatencyMs` to accept each
 * message after its DATA arrived, as a busy mail provider does, and counts deliveries per
 * Message-ID. A message counts as delivered once accepted, even when the sender died while
 * waiting for the answer: a real server has queued it by then (that is the crash case in which
 * the outbox may send it again, with the same Message-ID).
 */
export interface SlowSmtpServer {
  url: string;
  /** Accepted messages per Message-ID. */
  deliveries: Map<string, number>;
  /** Total accepted messages (duplicates included). */
  accepted(): number;
  /** Message-IDs whose DATA arrived and whose acceptance is still pending. */
  pending(): Set<string>;
  /** Message-IDs accepted at or after `since` (epoch ms). */
  acceptedSince(since: number): Set<string>;
  stop(): Promise<void>;
}

function messageIdOf(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '(none)';
}

export async function startSlowSmtpServer(options: { maxLatencyMs: number }): Promise<SlowSmtpServer> {
  const deliveries = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const lastAcceptedAt = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Senders still connected at the end are cut off after 1 s instead of the default 30 s.
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const id = messageIdOf(Buffer.concat(chunks).toString('utf8'));
        inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
        setTimeout(() => {
          const left = (inFlight.get(id) ?? 1) - 1;
          if (left > 0) inFlight.set(id, left);
          else inFlight.delete(id);
          deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
          lastAcceptedAt.set(id, Date.now());
          callback();
        }, Math.random() * options.maxLatencyMs);
      });
    },
  });
  // A sender killed mid-conversation resets its connection; that is expected here, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    accepted: () => [...deliveries.values()].reduce((sum, count) => sum + count, 0),
    pending: () => new Set(inFlight.keys()),
    acceptedSince: (since) => new Set([...lastAcceptedAt].filter(([, at]) => at >= since).map(([id]) => id)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
