import { describe, expect, it } from 'vitest'
import { buildTestApp, json } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useTestApp(() => buildTestApp({ SHOP_EMAIL: 'shop@example.ba' }))

/** POST /api/contact from one client address; a text payload goes out as is, under its content type. */
const postContact = (payload: object | string, remoteAddress: string, contentType?: string) =>
  test.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    remoteAddress,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  })

const valid = {
  name: 'Marko Marić',
  email: 'marko@example.ba',
  phone: '',
  message: 'Imate li čekić od 1 kg?',
  productName: '',
}

describe('POST /api/contact', () => {
  it('stores the message with the defaults and mails it to the shop, reply-to the sender', async () => {
    const response = await postContact(valid, '10.0.0.1')
    expect(response.statusCode).toBe(201)
    expect(json(response)).toMatchObject({ message: 'Vaša poruka je uspješno poslana!' })
    const stored = await test.db.query('select name, phone, product_name from contact_messages')
    expect(stored.rows).toEqual([{ name: 'Marko Marić', phone: 'Nije navedeno', product_name: 'Općeniti upit' }])
    const mail = await test.db.query('select kind, to_address, reply_to, subject, text_body from outbox')
    expect(mail.rows[0]).toMatchObject({
      kind: 'contact_message',
      to_address: 'shop@example.ba',
      reply_to: 'marko@example.ba',
    })
    expect(mail.rows[0].text_body).toContain('Imate li čekić od 1 kg?')
  })

  it.each([
    [{ ...valid, name: '' }, 'Ime je obavezno'],
    [{ ...valid, email: '' }, 'Email je obavezan'],
    [{ ...valid, email: 'marko.example.ba' }, 'Unesite valjanu email adresu'],
    [{ ...valid, message: '   ' }, 'Poruka je obavezna'],
  ])('refuses %j with 400 and the message', async (payload, message) => {
    const response = await postContact(payload, '10.0.0.2')
    expectValidationFailed(response, message)
  })

  it('answers 400 for a body that is not JSON, never 500', async () => {
    const response = await postContact('{"name":', '10.0.0.3', 'application/json')
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'INVALID_JSON' })
  })

  it('answers 413 for an oversized body and 415 for an unknown content type', async () => {
    const big = await postContact({ ...valid, message: 'x'.repeat(2 * 1024 * 1024) }, '10.0.0.4')
    expect(big.statusCode).toBe(413)
    expect(json(big)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    const odd = await postContact('hello', '10.0.0.4', 'application/x-shop')
    expect(odd.statusCode).toBe(415)
    expect(json(odd)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('limits one sender to 5 messages per 10 minutes with 429', async () => {
    const send = () => postContact(valid, '10.0.0.9')
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(json(limited)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      error: 'Too Many Requests',
      message: 'Poslali ste previše poruka. Molimo pokušajte ponovno za nekoliko minuta.',
    })
  })
})
