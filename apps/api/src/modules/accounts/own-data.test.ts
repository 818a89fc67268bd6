import { describe, expect, it } from 'vitest'
import { TEST_PASSWORD, json, postSignIn, signedInUser } from '../../../test/helpers.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import { DELIVERY_ADDRESS, useOrderTestApp, createProduct } from '../orders/test-fixtures.ts'

// docs/decisions.md, 'Their own data': a customer downloads everything kept about her and deletes her
// account from a mailed link; her orders stay for the books with the buyer anonymised.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba', PUBLIC_URL: 'http://shop.test' })
const admin = useSignInAs(test, 'admin')
const manager = useSignInAs(test, 'store_manager')

const customer = () => signedInUser(test, { email: `podaci-${Date.now()}@example.ba`, fullName: 'Amela Hodžić' })

async function placeOwnOrder(headers: Record<string, string>) {
  const product = await createProduct(test.db, { name: 'Čekić', price: 20, stock: 10 })
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      products: [{ product_id: product.id, quantity: 2 }],
      shippingAddress: { ...DELIVERY_ADDRESS, full_name: 'Amela Hodžić' },
      shippingMethod: { id: 'courier' },
      saveAddress: false,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return json<{ id: string; total: number }>(response)
}

const exportData = (headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: '/api/account/export', headers })
const requestDeletion = (headers: Record<string, string>, payload: object) =>
  test.app.inject({ method: 'POST', url: '/api/account/delete', headers, payload })
const confirmDeletion = (token: string) =>
  test.app.inject({ method: 'POST', url: '/api/account/delete/confirm', payload: { token } })

async function deletionLink(email: string): Promise<string> {
  const { rows } = await test.db.query<{ text_body: string }>(
    `select text_body from outbox where kind = 'delete_account' and to_address = $1 order by id desc limit 1`,
    [email],
  )
  const link = /http:\/\/shop\.test\/obrisi-racun\/([\w-]+)/.exec(rows[0]?.text_body ?? '')
  expect(link, 'the deletion mail holds the link').not.toBeNull()
  return link![1]!
}

describe("the customer's own data", () => {
  it('exports the account, profile and every order as a JSON attachment, and records the request', async () => {
    const buyer = await customer()
    const order = await placeOwnOrder(buyer.headers)
    const response = await exportData(buyer.headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="moji-podaci-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(response.headers['cache-control']).toBe('private, no-store')
    const data = json<{
      account: { email: string }
      profile: { full_name: string }
      orders: { id: string; total: number }[]
    }>(response)
    expect(data.account.email).toBe(buyer.email)
    expect(data.profile.full_name).toBe('Amela Hodžić')
    expect(data.orders.map(({ id, total }) => ({ id, total }))).toEqual([{ id: order.id, total: order.total }])
    expect((await exportData({})).statusCode).toBe(401)
  })

  it('asks for the password again and names a missing or wrong one, deleting nothing', async () => {
    const buyer = await customer()
    expectValidationFailed(await requestDeletion(buyer.headers, {}), 'Lozinka je obavezna')
    expectErrorAnswer(await requestDeletion(buyer.headers, { password: 'Kriva-Lozinka-1' }), 400, {
      message: 'Trenutna lozinka nije ispravna',
      error: 'Bad Request',
      code: 'INVALID_CURRENT_PASSWORD',
    })
    expect((await requestDeletion({}, { password: TEST_PASSWORD })).statusCode).toBe(401)
    const { rows } = await test.db.query('select 1 from users where id = $1', [buyer.id])
    expect(rows).toHaveLength(1)
  })

  it('deletes the account from the mailed link only; its orders stay with the buyer anonymised', async () => {
    const buyer = await customer()
    const order = await placeOwnOrder(buyer.headers)
    const asked = await requestDeletion(buyer.headers, { password: TEST_PASSWORD })
    expect(json(asked)).toEqual({
      message: 'Poslali smo vam e-mail s poveznicom za brisanje računa. Poveznica vrijedi 1 sat.',
    })
    // Nothing is deleted before the link is followed.
    expect((await exportData(buyer.headers)).statusCode).toBe(200)
    const token = await deletionLink(buyer.email)

    expectErrorAnswer(await confirmDeletion('izmisljen-token'), 400, {
      message: 'Poveznica za brisanje računa je neispravna, već iskorištena ili je istekla.',
      error: 'Bad Request',
      code: 'INVALID_DELETE_TOKEN',
    })
    const confirmed = await confirmDeletion(token)
    expect(json(confirmed)).toEqual({ message: 'Vaš račun je obrisan. Hvala što ste kupovali kod nas.' })
    expect((await confirmDeletion(token)).statusCode).toBe(400)

    // The account is gone: it cannot sign in, and no profile or token is left.
    const signIn = await postSignIn(test, { email: buyer.email, password: TEST_PASSWORD })
    expect(signIn.statusCode).toBe(401)
    for (const table of ['users where id', 'profiles where user_id', 'user_tokens where user_id']) {
      const { rows } = await test.db.query(`select 1 from ${table} = $1`, [buyer.id])
      expect(rows, table).toHaveLength(0)
    }
    // The order stays for the books and the statistics, without the buyer.
    const { rows } = await test.db.query<{
      user_id: string | null
      email: string
      total: string
      shipping_address: Record<string, string>
    }>('select user_id, email, total, shipping_address from orders where id = $1', [order.id])
    expect(rows[0]).toMatchObject({ user_id: null, email: `obrisan-${order.id.slice(0, 8)}@anonimno.invalid` })
    expect(Number(rows[0]!.total)).toBe(order.total)
    expect(rows[0]!.shipping_address).toMatchObject({
      full_name: 'Obrisani kupac',
      phone_number: '',
      street_address: '',
      city: DELIVERY_ADDRESS.city,
    })
    expect(JSON.stringify(rows[0])).not.toContain(buyer.email)
    const audit = await test.db.query<{ actor_email: string; action: string }>(
      `select actor_email, action from audit_log where entity_id = $1 order by created_at`,
      [buyer.id],
    )
    expect(audit.rows.map(({ action }) => action).sort()).toEqual([
      'account.data_exported',
      'account.deleted',
      'account.deletion_requested',
    ])
    expect(audit.rows.at(-1)!.actor_email).not.toBe(buyer.email)
  })

  it('lists every data request for admins with the date its answer is due, 30 days on', async () => {
    const buyer = await customer()
    await exportData(buyer.headers)
    const response = await test.app.inject({ url: '/api/users/data-requests', headers: admin })
    expect(response.statusCode).toBe(200)
    const requests =
      json<{ email: string; kind: string; requestedAt: string; answerBy: string; completedAt: string }[]>(response)
    const mine = requests.find((request) => request.email === `po***@example.ba` && request.kind === 'export')
    expect(mine).toBeDefined()
    expect(Date.parse(mine!.answerBy) - Date.parse(mine!.requestedAt)).toBe(30 * 24 * 60 * 60 * 1000)
    expect(mine!.completedAt).not.toBeNull()
    expect(requests.some((request) => request.email.includes(buyer.email))).toBe(false)
    expect((await test.app.inject({ url: '/api/users/data-requests', headers: manager })).statusCode).toBe(403)
    expect((await test.app.inject({ url: '/api/users/data-requests' })).statusCode).toBe(401)
  })
})
