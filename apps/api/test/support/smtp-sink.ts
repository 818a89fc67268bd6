import type net from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real SMTP server (the smtp-server package) in the test's own process, for API processes
// started by the harness (api-process.ts): SMTP_URL=sink.url.

export type SunkMail = {
  /** Envelope recipients, lower case. */
  to: string[]
  /** The Reply-To address, lower case ('' when there is none). */
  replyTo: string
  subject: string
  /** The whole message as received (headers and body). */
  raw: string
  receivedAt: number
}

export type MailSinkOptions = {
  /** Accept each message only once `letThrough()` is called: a mail server that is slow to answer. */
  isHolding?: boolean
}

/** Keeps what it receives; it can stop (cutting its connections) and start again on its port. */
export class MailSink {
  readonly received: SunkMail[] = []
  port = 0
  private server: SMTPServer | undefined
  private release: (() => void) | undefined
  private readonly gate: Promise<void>

  constructor(options: MailSinkOptions = {}) {
    this.gate = options.isHolding ? new Promise<void>((resolve) => (this.release = resolve)) : Promise.resolve()
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  get isRunning(): boolean {
    return this.server !== undefined
  }

  /** The subjects received so far, in order. */
  get subjects(): string[] {
    return this.received.map((mail) => mail.subject)
  }

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1')
          const unfolded = raw.replace(/\r\n[ \t]+/g, ' ')
          this.received.push({
            to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
            replyTo: (/^Reply-To: (.*)$/im.exec(unfolded)?.[1] ?? '')
              .replace(/^.*<|>.*$/g, '')
              .trim()
              .toLowerCase(),
            subject: /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '',
            raw,
            receivedAt: Date.now(),
          })
          void this.gate.then(() => callback())
        })
      },
    })
    // A process killed mid-conversation resets its connection; smtp-server reports that as an
    // 'error' event, which without a listener would end the test process.
    server.on('error', () => undefined)
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.server.address() as net.AddressInfo).port
    return this
  }

  /** Answers every held message (and the ones still to come). */
  letThrough(): void {
    this.release?.()
  }

  /** Closes the port at once; connections still open are cut (as a mail server that goes down). */
  async stop(): Promise<void> {
    this.letThrough()
    const server = this.server
    this.server = undefined
    if (!server) return
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // smtp-server waits for its clients to say QUIT; a server that goes down does not.
      for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) {
        connection.close()
      }
    })
  }
}

/** Starts a sink on a free port. */
export function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  return new MailSink(options).start()
}
