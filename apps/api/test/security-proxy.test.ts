import { describe, expect, it } from 'vitest'
import { loadConfig, parseTrustProxy } from '../src/platform/config.ts'
import { buildTestApp, json, postSignIn, statusesOf } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'

// docs/decisions.md, Security: X-Forwarded-For counts only behind a configured proxy (TRUST_PROXY); otherwise
// a client could name a new address with each request and pass every per-address limit.
const contact = {
  name: 'Marko Marić',
  email: 'marko@example.ba',
  phone: '',
  message: 'Imate li čekić od 1 kg?',
  productName: '',
}

describe('TRUST_PROXY', () => {
  it('is off by default and reads a hop count or a list of addresses/CIDRs', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/shop-proxy-config' }).trustProxy).toBe(false)
    expect(parseTrustProxy('off')).toBe(false)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ])
    expect(parseTrustProxy('loopback')).toEqual(['loopback'])
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', 'true']) expect(parseTrustProxy(bad)).toBeUndefined()
    expect(() => loadConfig({ DATA_DIR: '/tmp/shop-proxy-config', TRUST_PROXY: 'anything' })).toThrow(/TRUST_PROXY/)
  })
})

describe('without TRUST_PROXY, X-Forwarded-For changes no address', () => {
  const test = useTestApp()

  it('the contact limit (5 per 10 minutes) holds when each request names another address', async () => {
    const statuses = await statusesOf(7, (index) =>
      test.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact,
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
      }),
    )
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
  })

  it('the sign-in limit per address (20 failures) holds when each request names another address', async () => {
    // A new e-mail each time, so that only the per-address limit can stop it.
    const statuses = await statusesOf(21, (index) =>
      postSignIn(
        test,
        { email: `nepoznat${index}@test.ba`, password: 'Pogresna1!' },
        { remoteAddress: '198.51.100.8', headers: { 'x-forwarded-for': `203.0.113.${index + 1}` } },
      ),
    )
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(statuses[20]).toBe(429)
    const { rows } = await test.db.query<{ ip: string }>('select distinct ip from sign_in_attempts')
    expect(rows).toEqual([{ ip: '198.51.100.8' }])
  }, 180_000)
})

describe('behind a configured proxy, its X-Forwarded-For names the client', () => {
  const test = useTestApp(() => buildTestApp({ TRUST_PROXY: '198.51.100.1' }))

  it('the proxy gets a limit per client; anyone else still cannot pick an address', async () => {
    const viaProxy = async (client: string) =>
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: contact,
          remoteAddress: '198.51.100.1',
          headers: { 'x-forwarded-for': client },
        })
      ).statusCode
    for (let index = 0; index < 5; index += 1) expect(await viaProxy('203.0.113.50')).toBe(201)
    expect(await viaProxy('203.0.113.50')).toBe(429)
    expect(await viaProxy('203.0.113.51')).toBe(201)

    const direct = async (header: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact,
        remoteAddress: '192.0.2.9',
        headers: { 'x-forwarded-for': header },
      })
    const answers = []
    for (let index = 0; index < 6; index += 1) answers.push((await direct(`203.0.113.${60 + index}`)).statusCode)
    expect(answers).toEqual([201, 201, 201, 201, 201, 429])
    expect(json(await direct('203.0.113.99'))).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
  })
})
