/** A real SMTP server on loopback that accepts every mail and keeps its recipients, for tests of the mail sender. */
import { SMTPServer } from 'smtp-server';
import { freePort } from './server.ts';

export interface TestSmtp {
  url: string;
  /** Every recipient of every mail accepted, in order. */
  received: string[];
  close: () => Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
