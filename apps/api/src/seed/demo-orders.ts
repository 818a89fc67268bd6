import { randomUUID } from 'node:crypto'
import { lineUnitPrice } from '@shop/shared/rules/cart.ts'
import { orderTotals } from '@shop/shared/rules/order-totals.ts'
import { shippingOptionCost } from '@shop/shared/rules/shipping.ts'
import type { ProductRow } from './catalogue.ts'
import type { DemoAccount } from './demo-data/accounts.ts'
import type { OrderSeed } from './demo-data/marketing.ts'
import type { ShippingSettings } from './demo-data/settings.ts'

export type OrderItemRow = {
  position: number
  productId: string
  optionId: string | null
  customId: string
  name: string
  customSize: string | null
  quantity: number
  price: number
}

export type OrderRow = {
  id: string
  status: OrderSeed['status']
  total: number
  shippingCost: number
  shippingMethod: { id: string; name: string; basePrice: number; description: string }
  shippingAddress: Record<string, string>
  createdAt: string
  items: OrderItemRow[]
}

const DAY = 24 * 60 * 60 * 1000

/**
 * Past orders priced by the same rules as checkout (lineUnitPrice, orderTotals and the shipping
 * option's cost), so that total = sum(price × quantity) + shipping_cost. They are history: they
 * do not take stock.
 */
export function buildDemoOrders(
  seeds: OrderSeed[],
  products: ProductRow[],
  customer: DemoAccount,
  shipping: ShippingSettings,
  now: Date,
): OrderRow[] {
  return seeds.map((seed, index) => {
    const items = seed.lines.map((line, position): OrderItemRow => {
      const product = products.find((each) => each.customId === line.code)
      if (!product) throw new Error(`Demo order product ${line.code} is not in the catalogue`)
      const option = line.size ? product.options.find((each) => each.size === line.size) : undefined
      if (line.size && !option) throw new Error(`Demo order product ${line.code} has no option ${line.size}`)
      const price = lineUnitPrice(
        { price: product.price, discount_price: product.discountPrice, wholesale_price: product.wholesalePrice },
        option
          ? { price: option.price, discount_price: option.discountPrice, wholesale_price: option.wholesalePrice }
          : null,
        customer.roles,
      )
      return {
        position,
        productId: product.id,
        optionId: option?.id ?? null,
        customId: option?.customId ?? product.customId,
        name: product.name,
        customSize: option?.size ?? null,
        quantity: line.quantity,
        price,
      }
    })
    const method = shipping.options.find((option) => option.id === seed.shippingOptionId)
    if (!method) throw new Error(`Unknown shipping option ${seed.shippingOptionId}`)
    const subtotal = orderTotals(
      items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
      0,
    ).subtotal
    const totals = orderTotals(
      items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
      shippingOptionCost(shipping, method, subtotal),
    )
    // Spread over the day so that two orders of one day do not share a timestamp.
    const createdAt = new Date(now.getTime() - seed.daysAgo * DAY - (index + 1) * 37 * 60 * 1000)
    const { profile } = customer
    return {
      id: randomUUID(),
      status: seed.status,
      total: totals.total,
      shippingCost: totals.shippingCost,
      shippingMethod: {
        id: method.id,
        name: method.name,
        basePrice: method.basePrice,
        description: method.description,
      },
      shippingAddress: {
        full_name: profile.fullName,
        phone_number: profile.phoneNumber,
        email: customer.email,
        street_address: profile.streetAddress,
        city: profile.city,
        state: profile.state,
        zip_code: profile.zipCode,
        country: 'Bosna i Hercegovina',
      },
      createdAt: createdAt.toISOString(),
      items,
    }
  })
}
