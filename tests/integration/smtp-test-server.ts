import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:{port} */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Stops listening: connections are refused until `start()` is called again (same port). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** While set, every message is answered with this temporary failure instead of being accepted. */
  rejectWith: string | undefined;
  /**
   * While set, called once a message's DATA arrived, and the answer is held until it settles; a
   * message whose client hung up in the meantime (a killed sender) is not kept, as a real server
   * would not deliver it.
   */
  holdData: (() => Promise<void>) | undefined;
  /** Client connections that have ended so far (e.g. a killed sender's). */
  connectionsClosed: number;
  /** Called right after a message was accepted (the 250 answer is on its way). */
  onAccepted: ((mail: ReceivedMail) => void) | undefined;
}

/** A real SMTP server in this process, on 127.0.0.1 only, that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const state: TestSmtpServer = {
    url: '',
    port: 0,
    received,
    rejectWith: undefined,
    holdData: undefined,
    connectionsClosed: 0,
    onAccepted: undefined,
    async start() {
      const closed = new Set<string>();
      const current = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        onClose(session) {
          closed.add(session.id);
          state.connectionsClosed += 1;
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => void finish());
          const finish = async () => {
            if (state.holdData) {
              await state.holdData().catch(() => undefined);
              if (closed.has(session.id)) {
                callback(new Error('client went away'));
                return;
              }
            }
            if (state.rejectWith) {
              const error = Object.assign(new Error(state.rejectWith), { responseCode: 451 });
              callback(error);
              return;
            }
            const mail = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            };
            received.push(mail);
            callback();
            state.onAccepted?.(mail);
          };
        },
      });
      await new Promise<void>((resolve, reject) => {
        current.once('error', reject);
        current.listen(port, '127.0.0.1', () => resolve());
      });
      server = current;
      port = (current.server.address() as AddressInfo).port;
      state.port = port;
      state.url = `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await state.start();
  return state;
}

/** "Seu PIX está pronto" and its reminders (fixed Message-IDs `<pix-…>`), for tests about the other e-mails. */
export function isPixEmail(mail: Pick<ReceivedMail, 'raw'>): boolean {
  return /^Message-ID:\s*<pix-/im.test(mail.raw);
}
