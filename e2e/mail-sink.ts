// A real SMTP server for the browser tests: the shop's mail worker delivers to it over SMTP,
// and the tests read what arrived through a small HTTP endpoint (GET /messages?to=...).
// Started by playwright.config.ts as a second web server.
import http from 'node:http'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SunkMail {
  to: string[]
  subject: string
  text: string
  html: string
  /** The mail's headers by lower-case name, as the shop sent them (e.g. list-unsubscribe). */
  headers: Record<string, string>
  receivedAt: string
}

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526)
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3199)
const received: SunkMail[] = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          headers: Object.fromEntries(
            parsed.headerLines.map((header) => [header.key, header.line.slice(header.line.indexOf(':') + 1).trim()]),
          ),
          receivedAt: new Date().toISOString(),
        })
        callback()
      })
      .catch((error: Error) => callback(error))
  },
})
smtp.listen(smtpPort, '127.0.0.1')

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`)
    if (url.pathname === '/health') {
      response.end('ok')
      return
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase()
      const messages = to ? received.filter((mail) => mail.to.includes(to)) : received
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(messages))
      return
    }
    response.statusCode = 404
    response.end()
  })
  .listen(httpPort, '127.0.0.1')
