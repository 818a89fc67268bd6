import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, createUser, json, postSignIn, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts'
import { MailSink } from '../../test/support/smtp-sink.ts'
import { MAX_ATTEMPTS, retryDelayMs, SERVER_RETRY_MS, startMailWorker, type MailWorker } from './mail.ts'
import { renderMail } from './mail-templates.ts'

type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string; raw: string }

/** Reads the parts of a nodemailer message: enough MIME for these tests (quoted-printable and base64). */
function parseMessage(raw: string, to: string[]): ReceivedMail {
  const decodeWords = (value: string) =>
    value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    )
  const unfolded = raw.replace(/\r\n[ \t]+/g, ' ')
  const header = (name: string) =>
    decodeWords(new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.replace(/\?=\s+=\?/g, '?==?') ?? '')
  const part = (type: string) => {
    const match = new RegExp(
      `Content-Type: ${type}[^\\r\\n]*\\r\\n((?:[^\\r\\n]+\\r\\n)*)\\r\\n([\\s\\S]*?)(?:\\r\\n--|$)`,
      'i',
    ).exec(raw)
    if (!match) return ''
    const [, headers = '', body = ''] = match
    if (/Content-Transfer-Encoding: base64/i.test(headers))
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    return body
  }
  return {
    to,
    from: header('From'),
    subject: header('Subject'),
    text: part('text/plain'),
    html: part('text/html'),
    raw,
  }
}

/** The last mail the sink received for this address, parsed. */
function mailTo(address: string): ReceivedMail | undefined {
  const mail = smtp.received.filter((received) => received.to.includes(address)).at(-1)
  return mail && parseMessage(mail.raw, mail.to)
}

function linkToken(text: string | undefined, path: string): string {
  const match = new RegExp(`http://shop\\.test/${path}/([A-Za-z0-9_-]+)`).exec(text ?? '')
  if (!match) throw new Error(`no ${path} link in: ${text}`)
  return match[1]!
}

const registration = (email: string) => ({
  email,
  password: 'Zelena-Jabuka-71',
  full_name: 'Ivana Perić',
  date_of_birth: '1992-09-01',
})

const smtp = new MailSink()
let test: TestApp
let worker: MailWorker
/** The worker's clock runs ahead of the real one by this much, to step over a retry back-off. */
let skew = 0

beforeAll(async () => {
  await smtp.start()
  test = await buildTestApp({ SMTP_URL: smtp.url, SHOP_EMAIL: 'trgovina@example.ba' })
  // A long poll interval: the tests decide when mail goes out, through drain().
  worker = startMailWorker({
    db: test.db,
    config: test.config,
    log: test.app.log,
    now: () => Date.now() + skew,
    pollIntervalMs: 60_000,
  })
})
afterAll(async () => {
  await worker.stop()
  await smtp.stop()
  await test.close()
})

describe('mail worker over SMTP', () => {
  it('delivers the verification mail; following its link lets the user sign in', async () => {
    const email = 'ivana.peric@example.ba'
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email) })).statusCode,
    ).toBe(201)
    await worker.drain()

    const mail = mailTo(email)
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe('Potvrdite svoju e-poštu – Trgovina Sovići')
    expect(mail!.from).toBe('Trgovina Sovići <trgovina@example.ba>')
    expect(mail!.text).toContain('Poštovani/a Ivana Perić,')
    expect(mail!.html).toContain('<a href="http://shop.test/verify-email/')
    const token = linkToken(mail!.text, 'verify-email')
    expect(linkToken(mail!.html, 'verify-email')).toBe(token)

    const { rows } = await test.db.query<{ sent_at: Date | null; attempts: number }>(
      'select sent_at, attempts from outbox where to_address = $1',
      [email],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.sent_at).toBeInstanceOf(Date)
    expect(rows[0]!.attempts).toBe(0)

    expect((await test.app.inject({ method: 'POST', url: `/api/auth/verify-email/${token}` })).statusCode).toBe(200)
    const login = await postSignIn(test, { email, password: 'Zelena-Jabuka-71' })
    expect(login.statusCode).toBe(200)

    await worker.drain()
    expect(smtp.received.filter((received) => received.to.includes(email))).toHaveLength(1)
  })

  it('delivers the reset mail; its link sets a new password and the old session and link stop working', async () => {
    const user = await createUser(test.db, { email: 'zaboravna@example.ba', fullName: 'Zora Zaboravna' })
    const session = json<{ token: string }>(
      await postSignIn(test, { email: user.email, password: TEST_PASSWORD }),
    ).token
    await test.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })
    await worker.drain()

    const mail = mailTo(user.email)
    expect(mail?.subject).toBe('Postavljanje nove lozinke – Trgovina Sovići')
    const token = linkToken(mail?.text, 'reset-password')
    expect((await test.app.inject({ url: `/api/auth/reset-password/${token}` })).statusCode).toBe(200)
    const reset = await test.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'SasvimNova1' },
    })
    expect(reset.statusCode).toBe(200)

    const oldSession = await test.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${session}` } })
    expect(oldSession.statusCode).toBe(401)
    const again = await test.app.inject({ url: `/api/auth/reset-password/${token}` })
    expect(again.statusCode).toBe(400)
    const login = await postSignIn(test, { email: user.email, password: 'SasvimNova1' })
    expect(login.statusCode).toBe(200)
  })

  it('keeps a mail in the outbox while the mail server is down and delivers it after it is back', async () => {
    const port = smtp.port
    await smtp.stop()
    const email = 'strpljivi@example.ba'
    await test.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email) })
    await worker.drain()

    type Row = { sent_at: Date | null; attempts: number; last_error: string | null; next_attempt_at: Date }
    const read = async () =>
      (
        await test.db.query<Row>(
          'select sent_at, attempts, last_error, next_attempt_at from outbox where to_address = $1',
          [email],
        )
      ).rows[0]!
    const failed = await read()
    expect(failed.sent_at).toBeNull()
    // docs/decisions.md, 'Faults': an unreachable server is the server's outage, not the mail's failure: no attempt
    // is used up (a long outage must not give mails up), and the server is tried again in seconds.
    expect(failed.attempts).toBe(0)
    expect(failed.last_error).toBeTruthy()
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + skew + SERVER_RETRY_MS - 1000)
    expect(failed.next_attempt_at.getTime()).toBeLessThan(Date.now() + skew + SERVER_RETRY_MS + 1000)

    await smtp.start(port)
    // Not due yet: the wait for the server holds it.
    await worker.drain()
    expect((await read()).sent_at).toBeNull()
    expect(mailTo(email)).toBeUndefined()

    skew += SERVER_RETRY_MS + 1000
    await worker.drain()
    const delivered = await read()
    expect(delivered.sent_at).toBeInstanceOf(Date)
    expect(delivered.attempts).toBe(0)
    expect(delivered.last_error).toBeNull()
    const token = linkToken(mailTo(email)?.text, 'verify-email')
    expect((await test.app.inject({ method: 'POST', url: `/api/auth/verify-email/${token}` })).statusCode).toBe(200)
  })

  it('sends each mail once when several workers drain the outbox at the same time', async () => {
    const addresses = Array.from({ length: 12 }, (_, index) => `paralelno${index}@example.ba`)
    for (const address of addresses) {
      await test.db.query(
        `insert into outbox (kind, to_address, subject, text_body, html_body) values ('test', $1, 'Test', 'tekst', '<p>tekst</p>')`,
        [address],
      )
    }
    const others = [1, 2].map(() =>
      startMailWorker({
        db: test.db,
        config: test.config,
        log: test.app.log,
        now: () => Date.now() + skew,
        pollIntervalMs: 60_000,
      }),
    )
    try {
      await Promise.all([worker.drain(), ...others.map((other) => other.drain())])
    } finally {
      await Promise.all(others.map((other) => other.stop()))
    }
    for (const address of addresses) {
      expect(smtp.received.filter((mail) => mail.to.includes(address))).toHaveLength(1)
    }
  })
})

describe('mail worker without SMTP_URL', () => {
  it('logs each mail with its links and marks it sent, so the demo shop works', async () => {
    const lines: { values: Record<string, unknown>; message: string }[] = []
    const log = {
      info: (values: Record<string, unknown>, message: string) => lines.push({ values, message }),
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    } as unknown as FastifyBaseLogger
    const config = { ...test.config, smtpUrl: undefined }
    const logging = startMailWorker({ db: test.db, config, log, now: () => Date.now() + skew, pollIntervalMs: 60_000 })
    try {
      const email = 'demo.kupac@example.ba'
      await test.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email) })
      await logging.drain()
      const line = lines.find((entry) => entry.values.to === email)
      expect(line?.values.subject).toBe('Potvrdite svoju e-poštu – Trgovina Sovići')
      expect(line?.values.links).toEqual([expect.stringMatching(/^http:\/\/shop\.test\/verify-email\/[\w-]+$/)])
      const { rows } = await test.db.query<{ sent_at: Date | null }>(
        'select sent_at from outbox where to_address = $1',
        [email],
      )
      expect(rows[0]!.sent_at).toBeInstanceOf(Date)
      expect(mailTo(email)).toBeUndefined()
    } finally {
      await logging.stop()
    }
  })

  it(`gives a mail up after ${MAX_ATTEMPTS} failed attempts`, async () => {
    const failing = startMailWorker({
      db: test.db,
      config: test.config,
      log: test.app.log,
      transport: { sendMail: () => Promise.reject(new Error('550 mailbox unavailable')) },
      now: () => Date.now() + skew,
      pollIntervalMs: 60_000,
    })
    try {
      const { rows } = await test.db.query<{ id: number }>(
        `insert into outbox (kind, to_address, subject, text_body, html_body, attempts)
         values ('test', 'nestali@example.ba', 'Test', 'tekst', '<p>tekst</p>', $1) returning id`,
        [MAX_ATTEMPTS - 1],
      )
      const id = rows[0]!.id
      await failing.drain()
      skew += 2 * 60 * 60 * 1000
      await failing.drain()
      const { rows: after } = await test.db.query<{ attempts: number; sent_at: Date | null; last_error: string }>(
        'select attempts, sent_at, last_error from outbox where id = $1',
        [id],
      )
      expect(after[0]).toEqual({ attempts: MAX_ATTEMPTS, sent_at: null, last_error: '550 mailbox unavailable' })
    } finally {
      await failing.stop()
    }
  })
})

describe('mail texts', () => {
  it('backs off 30 s, doubling, at most an hour', () => {
    expect([1, 2, 3, 7, 8, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000])
  })

  it('escapes HTML and carries the shop name in both parts', () => {
    const mail = renderMail({
      name: '<Ana>',
      blocks: [
        { kind: 'paragraph', text: 'a & b' },
        { kind: 'action', label: 'Klik', url: 'http://x.ba/?a=1&b=2' },
      ],
    })
    expect(mail.html).toContain('&lt;Ana&gt;')
    expect(mail.html).toContain('a &amp; b')
    expect(mail.html).toContain('href="http://x.ba/?a=1&amp;b=2"')
    expect(mail.text).toContain('Klik: http://x.ba/?a=1&b=2')
    expect(mail.text).toContain('Trgovina Sovići')
    expect(mail.html).toContain('Trgovina Sovići')
  })
})
