/** Raw HTTP over a socket: what a hostile client sends, byte for byte, beyond what fetch would allow. */
import { connect } from 'node:net';

export interface RawReply {
  /** The status code of the reply, or undefined when the server closed the connection without one. */
  status: number | undefined;
  head: string;
  body: string;
  /** The connection stayed open past the timeout without a reply. */
  timedOut: boolean;
}

/** Sends `data` as is and reads until the server closes the connection (or `timeoutMs`). */
export function rawRequest(
  port: number,
  data: string | Buffer,
  { timeoutMs = 5000, host = '127.0.0.1' } = {},
): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const chunks: Buffer[] = [];
    let timedOut = false;
    const finish = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      const body = split === -1 ? '' : text.slice(split + 4);
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(`\r\n${head}`);
      resolve({ status: status ? Number(status) : undefined, head, body: chunked ? dechunk(body) : body, timedOut });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One reply is enough: stop once a complete head with Content-Length worth of body has arrived.
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      const whole =
        length !== undefined
          ? text.length - split - 4 >= Number(length)
          : /\r\ntransfer-encoding: *chunked/i.test(text.slice(0, split)) && text.endsWith('\r\n0\r\n\r\n');
      if (split !== -1 && whole) socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', finish);
    socket.setTimeout(timeoutMs, () => {
      timedOut = true;
      socket.destroy();
    });
    socket.write(data);
  });
}

/** The payload of a chunked body (sizes and CRLFs dropped). */
function dechunk(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = eol === -1 ? 0 : parseInt(body.slice(at, eol), 16);
    if (!size) return out;
    out += body.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

/** A header value of the raw reply (first match, case-insensitive). */
export const headerOf = (reply: RawReply, name: string) =>
  new RegExp(`\\r\\n${name}: *([^\\r]*)`, 'i').exec(`\r\n${reply.head}`)?.[1];
