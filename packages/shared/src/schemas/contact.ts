import { z } from 'zod'
import { messages } from '../messages/bs.ts'

const text = messages.contact
// A plain, permissive e-mail shape: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The contact form (modal and product page) and POST /api/contact. */
export const contactInput = z.object({
  name: z.string({ error: text.nameRequired }).trim().min(1, text.nameRequired).max(200),
  email: z
    .string({ error: text.emailRequired })
    .trim()
    .min(1, text.emailRequired)
    .max(254)
    .regex(EMAIL_PATTERN, text.emailInvalid),
  phone: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((phone) => (phone ? phone : text.phoneNotGiven)),
  message: z.string({ error: text.messageRequired }).trim().min(1, text.messageRequired).max(5000),
  productName: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((name) => (name ? name : text.generalInquiry)),
})

export type ContactInput = z.input<typeof contactInput>
