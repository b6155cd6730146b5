import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, parsed. */
export interface ReceivedMail {
  messageId: string | undefined;
  to: string[];
  from: string | undefined;
  replyTo: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | undefined;
  headers: ParsedMail['headers'];
  /** The header lines as sent ('List-Unsubscribe-Post: List-Unsubscribe=One-Click'). */
  headerLines: string[];
}

/** How the server answers the next messages: takes them, or refuses them (for now or for good). */
export type SmtpRefusal = { phase: 'rcpt' | 'data'; code: number; message: string } | null;

/**
 * A real SMTP server on a free loopback port (the npm package smtp-server): what the app sends
 * arrives here over the protocol, and is parsed with mailparser. Tests can make it refuse.
 */
export async function startSmtpServer({ delayMs = 0 }: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  let refusal: SmtpRefusal = null;
  const waiters: (() => void)[] = [];
  const refuse = (phase: 'rcpt' | 'data') => {
    if (refusal?.phase !== phase) return null;
    return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refuse('rcpt') ?? undefined);
    },
    onData(stream, _session, callback) {
      const refused = refuse('data');
      if (refused) {
        stream.resume();
        stream.on('end', () => callback(refused));
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          // A slower server (the crash test kills the app while messages are in flight).
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const address = (value: ParsedMail['to'] | ParsedMail['from'] | ParsedMail['replyTo']) =>
            (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
          received.push({
            messageId: mail.messageId,
            to: address(mail.to),
            from: address(mail.from)[0],
            replyTo: address(mail.replyTo)[0],
            subject: mail.subject,
            text: mail.text,
            html: typeof mail.html === 'string' ? mail.html : undefined,
            headers: mail.headers,
            // Unfolded: a long header arrives over several lines.
            headerLines: mail.headerLines.map((header) => header.line.replace(/\r?\n[ \t]+/g, ' ')),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    /** The app's SMTP_URL for this server. */
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses the next messages at RCPT or DATA with `code` (4xx: try later; 5xx: for good), or takes them again. */
    setRefusal(next: SmtpRefusal) {
      refusal = next;
    },
    /** Resolves once `count` messages have arrived in all (or throws after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, ${received.length} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
