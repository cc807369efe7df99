import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused connection may go on sending before it is cut: enough to read our answer, no more. */
const LINGER_MS = 1_000;

const ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Node's own answer to a request it cannot parse (headers over 16 KB, a malformed request line or chunk) writes the
 * status and destroys the socket at once. With the client's bytes still unread, the kernel then resets the
 * connection, and the client may lose the answer with it (ECONNRESET instead of 431). Here the answer is written, the
 * socket is half-closed and its remaining input discarded, and it is cut after LINGER_MS whatever the client does.
 * When a response of ours is still on its way on that connection (the bad bytes came after a request we are
 * answering), that response is the answer: the connection closes once it is written.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.on('error', () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (inFlight) {
      if (inFlight.writableFinished) socket.end();
      else inFlight.once('finish', () => socket.end());
      return;
    }
    const status = ANSWERS[error.code ?? ''] ?? '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
}
