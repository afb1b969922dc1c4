import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** By lower-case name, as sent (unfolded). */
  headers: Record<string, string>;
}

/** A real SMTP server on loopback that keeps what it receives, for tests that read e-mail. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void parseMessage(Buffer.concat(chunks)).then(
          (mail) => {
            messages.push(mail);
            waiters.splice(0).forEach((w) => w());
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to `address`, waiting for it to arrive. */
    async lastTo(address: string, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = [...messages].reverse().find((m) => m.to.includes(address));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** To, Subject, the text and HTML parts and the headers of a message, read by mailparser. */
async function parseMessage(raw: Buffer): Promise<CapturedMail> {
  const parsed = await simpleParser(raw);
  const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
  return { to, subject: parsed.subject ?? '', text: (parsed.text ?? '').replace(/\n$/, ''), html: typeof parsed.html === 'string' ? parsed.html : null, headers };
}
