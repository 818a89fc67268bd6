import { expect } from '@playwright/test'
import type { OrderView } from '../packages/shared/src/schemas/orders.ts'
import { passwordResetMail, verificationMail } from '../apps/api/src/modules/accounts/mails.ts'
import { contactMessageMail } from '../apps/api/src/modules/content/mail.ts'
import { orderPlacedMails, orderStatusMail } from '../apps/api/src/modules/orders/mail.ts'
import type { OutgoingMail } from '../apps/api/src/platform/outbox.ts'
import { test } from './fixtures.ts'
import { shoot } from './support.ts'

// Every mail the shop sends, with the long values a real buyer brings (a 34-character e-mail, a long
// street and product names), read on a phone: docs/decisions.md, 'Mails in one layout'.
const PHONE_WIDTH = 375
const LONG_EMAIL = 'marija.kovacevic-petrovic@gmail.com'
const PUBLIC_URL = 'https://trgovina-sovici.example.ba'
const SHOP_EMAIL = 'info@trgovina-demo.ba'
const ORDER_ID = '3f2b9c1e-7a44-4d2b-9f0e-1c5d8a7b6e21'

function order(overrides: Partial<OrderView> = {}): OrderView {
  const products = [
    {
      product_id: 'p1',
      customId: 'ALT-BOSCH-GSB-18V-55-PROFESSIONAL',
      name: 'Akumulatorska udarna bušilica-odvijač Bosch GSB 18V-55 Professional s dvije baterije i punjačem',
      quantity: 1,
      price: 114.65,
      custom_size: null,
      unit: 'kom' as const,
    },
    {
      product_id: 'p2',
      customId: 'KAB-PP00-3X2,5',
      name: 'Kabel PP00-Y 3×2,5 mm² (bakreni, za unutarnju i vanjsku instalaciju)',
      quantity: 12,
      price: 1,
      custom_size: 'Kolut 100 m',
      unit: 'kom' as const,
    },
  ]
  return {
    id: ORDER_ID,
    _id: ORDER_ID,
    userId: null,
    email: LONG_EMAIL,
    status: 'pending',
    total: 138.65,
    totalAmount: 138.65,
    subtotal: 126.65,
    shippingCost: 12,
    created_at: '2026-11-27T13:05:00.000Z',
    createdAt: '2026-11-27T13:05:00.000Z',
    updated_at: '2026-11-27T13:05:00.000Z',
    products,
    items: products,
    shippingAddress: {
      full_name: 'Marija Kovačević-Petrović Hadžiosmanović',
      phone_number: '+387 63 123 456',
      street_address: 'Ulica Kralja Petra Krešimira IV. Velikog bb, ulaz 3, kat 2',
      city: 'Mostar',
      state: 'Hercegovačko-neretvanski kanton',
      zip_code: '88000',
      country: 'Bosna i Hercegovina',
      email: LONG_EMAIL,
    },
    shippingMethod: { id: 'courier', name: 'Brza pošta', basePrice: 12, description: 'Dostava 2-7 radnih dana' },
    documentNumber: null,
    fiscalReceiptNumber: '',
    trackingNumber: '',
    trackingUrl: '',
    paidAt: null,
    weightKg: null,
    ...overrides,
  }
}

const links = { publicUrl: PUBLIC_URL, shopEmail: SHOP_EMAIL }
// The order page link's token (docs/decisions.md, 'The private order page'): 43 base64url characters.
const ORDER_PAGE_TOKEN = 'q7Xw2Lr9Kd4Tn1Vb8Hc3Mz6Pf0Ys5Ga_Ju-Ei2Ro7Wk'
const [placed, shopNotice] = orderPlacedMails(order(), {
  ...links,
  isPickup: false,
  isGuest: true,
  orderPageToken: ORDER_PAGE_TOKEN,
})
const [placedForPickup] = orderPlacedMails(order({ shippingCost: 0, total: 126.65, shippingMethod: null }), {
  ...links,
  isPickup: true,
  isGuest: false,
  orderPageToken: ORDER_PAGE_TOKEN,
})
const recipient = { email: LONG_EMAIL, name: 'Marija Kovačević-Petrović Hadžiosmanović' }
const token = 'Zk3mQ8vT1xR7pL2nW9cY4bH6dF0sJ5gA_e-uI'
const MAILS: Record<string, OutgoingMail> = {
  'order placed': placed,
  'order placed, pickup': placedForPickup,
  'new order to the shop': shopNotice,
  'order status': orderStatusMail(order({ status: 'shipped', documentNumber: '2026-000123' }), links, ORDER_PAGE_TOKEN),
  verification: verificationMail(recipient, `${PUBLIC_URL}/verify-email/${token}`),
  'password reset': passwordResetMail(recipient, `${PUBLIC_URL}/reset-password/${token}`),
  'contact message': contactMessageMail(SHOP_EMAIL, {
    name: recipient.name,
    email: LONG_EMAIL,
    phone: '+387 63 123 456',
    productName: 'Akumulatorska udarna bušilica-odvijač Bosch GSB 18V-55 Professional',
    message: 'Poštovani,\nzanima me ima li bušilica na stanju u poslovnici?\nHvala, Marija',
    ip: '127.0.0.1',
  }),
}

test.describe('mails on a phone', () => {
  for (const [name, mail] of Object.entries(MAILS)) {
    test(`${name}: fits 375 px in the shop's layout and has a text part`, async ({ page }) => {
      await page.setViewportSize({ width: PHONE_WIDTH, height: 800 })
      await page.setContent(mail.html)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(PHONE_WIDTH)
      // The shop's sans-serif and its name on top, not the mail client's default serif.
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
      expect(font).toContain('sans-serif')
      await expect(page.getByText('Trgovina Sovići').first()).toBeVisible()
      // No raw address as a link's text: links are buttons with a label.
      const linkTexts = await page.locator('a').allInnerTexts()
      for (const text of linkTexts) expect(text).not.toMatch(/https?:\/\//)
      expect(mail.text.trim().length).toBeGreaterThan(40)
      expect(mail.text).not.toMatch(/<[a-z]/i)
      await shoot(page, `mail-${name.replace(/\W+/g, '-')}`, { fullPage: true })
    })
  }

  test('the confirmation says how the buyer pays, when the order comes, and dates in Bosnian', () => {
    for (const part of [placed.text, placed.html]) {
      expect(part).toContain('27. 11. 2026. u 14:05')
      expect(part).toContain('Pouzećem')
      expect(part).toContain('2–7 radnih dana')
    }
    expect(placed.html).not.toMatch(/\bstu\b/)
    expect(placedForPickup.text).toContain('Pri preuzimanju u trgovini')
    expect(placedForPickup.text).not.toContain('Pouzećem')
    // An amount never breaks before its 'KM'.
    expect(placed.html).toContain('126,65\u00a0KM')
    expect(placed.text).toContain(`${PUBLIC_URL}/narudzba/${ORDER_PAGE_TOKEN}`)
    expect(placed.text).not.toContain(ORDER_ID)
  })
})
