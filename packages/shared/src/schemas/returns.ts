import { z } from 'zod'
import { returns as text } from '../messages/bs/returns.ts'
import { lenientPageField, pageCountFields } from './page.ts'
import { RETURN_DESCRIPTION_MAX, RETURN_DESCRIPTION_MIN, RETURN_REASONS, RETURN_STATUSES } from '../rules/returns.ts'

// Complaints and returns (docs/decisions.md ('Complaints and returns')): the buyer's request (sent as multipart fields,
// checked with this schema on both sides), the staff step, and what each side reads.

export const returnRequestLine = z.object({
  itemId: z.string().uuid(text.lineUnknown),
  quantity: z.number({ error: text.quantityInvalid }).int(text.quantityInvalid).min(1, text.quantityInvalid),
})

export const returnRequestInput = z.object({
  lines: z
    .array(returnRequestLine, { error: text.linesRequired })
    .min(1, text.linesRequired)
    .max(200, text.linesRequired)
    .refine((lines) => new Set(lines.map((line) => line.itemId)).size === lines.length, text.lineRepeated),
  reason: z.enum(RETURN_REASONS, { error: text.reasonInvalid }),
  description: z
    .string({ error: text.descriptionTooShort })
    .trim()
    .min(RETURN_DESCRIPTION_MIN, text.descriptionTooShort)
    .max(RETURN_DESCRIPTION_MAX, text.descriptionTooLong),
})
export type ReturnRequestInput = z.infer<typeof returnRequestInput>

/** The statuses staff move a complaint to (requested is where it starts). */
export const RETURN_STEP_STATUSES = ['approved', 'received', 'refunded', 'replaced', 'rejected'] as const

/** PUT /api/returns/{id}; the service answers a rejection without a reason 400 RETURN_REJECTION_REASON_REQUIRED. */
export const returnStatusBody = z.object({
  status: z.enum(RETURN_STEP_STATUSES, { error: text.statusInvalid }),
  reason: z.string().trim().max(500, text.rejectionReasonTooLong).optional(),
})

/** The staff form's check: the body, and a reason when rejecting. */
export const returnStatusInput = returnStatusBody.refine(
  (input) => input.status !== 'rejected' || (input.reason ?? '') !== '',
  {
    message: text.rejectionReasonRequired,
    path: ['reason'],
  },
)
export type ReturnStatusInput = z.infer<typeof returnStatusInput>

export const returnParams = z.object({ id: z.string().describe('Complaint id (UUID)') })

/** The order line a complaint is about: the order item's id, the product's name and the option's label. */
const orderItemFields = {
  itemId: z.string(),
  name: z.string(),
  size: z.string().nullable(),
}

export const returnLineView = z.object({ ...orderItemFields, quantity: z.number() })

export const returnStepView = z.object({ status: z.enum(RETURN_STATUSES), at: z.string(), note: z.string().nullable() })

export const returnPhotoView = z.object({ url: z.string(), width: z.number(), height: z.number() })

export const buyerReturnView = z.object({
  id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  description: z.string(),
  photos: z.array(returnPhotoView),
  lines: z.array(returnLineView),
  history: z.array(returnStepView),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
})
export type BuyerReturnView = z.infer<typeof buyerReturnView>

/** A line of the order as the form offers it: how many were ordered, claimed already, and may still be. */
export const returnableLineView = z.object({
  ...orderItemFields,
  ordered: z.number(),
  claimed: z.number(),
  available: z.number(),
})
export type ReturnableLineView = z.infer<typeof returnableLineView>

export const orderReturnsView = z.object({
  /** ISO time the order was delivered or collected ('completed'); null before. */
  deliveredAt: z.string().nullable(),
  /** The last moment of each window (legal page); null before delivery. */
  returnUntil: z.string().nullable(),
  wrongDeliveryUntil: z.string().nullable(),
  /** Delivered and within the longer window, with a line left to claim. */
  canFile: z.boolean(),
  lines: z.array(returnableLineView),
  returns: z.array(buyerReturnView),
})
export type OrderReturnsView = z.infer<typeof orderReturnsView>

export const filedReturnView = z.object({ message: z.string(), return: buyerReturnView })

export const staffReturnView = buyerReturnView.extend({
  orderId: z.string(),
  documentNumber: z.string().nullable(),
  buyerName: z.string(),
  email: z.string(),
  updatedAt: z.string(),
})
export type StaffReturnView = z.infer<typeof staffReturnView>

export const RETURNS_PAGE_SIZE = 20

export const staffReturnQuery = z.object({
  status: z.enum(RETURN_STATUSES).optional().catch(undefined),
  query: z.string().max(200).optional().catch(undefined),
  page: lenientPageField,
})
export type StaffReturnQuery = z.infer<typeof staffReturnQuery>

export const staffReturnList = z.object({
  items: z.array(staffReturnView),
  ...pageCountFields,
})
export type StaffReturnList = z.infer<typeof staffReturnList>

export const updatedReturnView = z.object({ message: z.string(), return: staffReturnView })
