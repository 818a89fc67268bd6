import { describe, expect, it } from 'vitest'
import { startMailWorker } from '../src/platform/mail.ts'
import { enqueueMail, mailPriority } from '../src/platform/outbox.ts'
import { useTestApp } from './support/use-test-app.ts'

// docs/decisions.md, Security: after an order rush, a password-reset mail must not wait behind the order notices.
const test = useTestApp()

const mail = (kind: string, to: string) => ({ kind, to, subject: kind, text: kind, html: `<p>${kind}</p>` })

describe('the outbox worker', () => {
  it('sends account mails (verification, reset) before bulk mail written earlier', async () => {
    for (let index = 0; index < 25; index += 1) {
      await enqueueMail(test.db, mail(index % 2 ? 'order_placed' : 'order_new', `kupac${index}@test.ba`))
    }
    await enqueueMail(test.db, mail('contact_message', 'trgovina@test.ba'))
    await enqueueMail(test.db, mail('reset_password', 'zaboravio@test.ba'))
    await enqueueMail(test.db, mail('verify_email', 'novi@test.ba'))
    const sent: string[] = []
    const worker = startMailWorker({
      db: test.db,
      config: test.config,
      log: test.app.log,
      transport: {
        async sendMail(message) {
          sent.push(message.subject)
          return {}
        },
      },
      pollIntervalMs: 60_000,
    })
    await worker.drain()
    await worker.stop()
    expect(sent).toHaveLength(28)
    expect(sent.slice(0, 2)).toEqual(['reset_password', 'verify_email'])
    expect(sent.slice(2).every((kind) => mailPriority(kind) === 1)).toBe(true)
  })
})
