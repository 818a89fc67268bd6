import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { isEmail } from '../rules/email.ts'
import { checkedText, hasNoNul } from './taxonomy.ts'

// Back-in-stock alerts (docs/decisions.md ('Back-in-stock alerts')): POST /api/stock-alerts and the mails' links.
const text = messages.stockAlerts

/** The product page's form and POST /api/stock-alerts. optionCode: the option's code or its label. */
export const stockAlertInput = z.object({
  productId: checkedText(text.productRequired, 200, text.productNotFound, hasNoNul),
  optionCode: z
    .string({ error: text.optionNotFound })
    .trim()
    .max(200, text.optionNotFound)
    .refine(hasNoNul, text.optionNotFound)
    .nullish()
    .transform((code) => code || null),
  email: checkedText(text.emailRequired, 254, text.emailInvalid, isEmail),
})
export type StockAlertInput = z.input<typeof stockAlertInput>

/** What the form shows: a mail is on its way, the alert is on (a verified account's own address), or it already was. */
export const stockAlertAnswer = z.object({
  status: z.enum(['confirmation_sent', 'subscribed', 'already_subscribed']),
  message: z.string(),
})
export type StockAlertAnswer = z.infer<typeof stockAlertAnswer>

export const stockAlertTokenParams = z.object({ token: z.string().max(200) })

/** GET /api/stock-alerts/confirm/{token}: the alert is confirmed (a second visit answers the same). */
export const stockAlertConfirmed = z.object({
  message: z.string(),
  product: z.object({ id: z.string(), customId: z.string(), name: z.string(), option: z.string().nullable() }),
  /** The stock was already back at the confirmation: the alert mail is on its way. */
  isInStock: z.boolean(),
})
export type StockAlertConfirmed = z.infer<typeof stockAlertConfirmed>

/** GET (and POST, one-click) /api/stock-alerts/unsubscribe/{token}. */
export const stockAlertUnsubscribed = z.object({ message: z.string(), email: z.string(), ended: z.number() })
export type StockAlertUnsubscribed = z.infer<typeof stockAlertUnsubscribed>

/** The waiting alerts of a product in products admin: in all, and per option label. */
export const waitingStockAlerts = z.object({ total: z.number(), options: z.record(z.string(), z.number()) })
export type WaitingStockAlerts = z.infer<typeof waitingStockAlerts>
