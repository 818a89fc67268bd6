import { format, messages } from '@shop/shared/messages/bs.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { isPickupOption } from '@shop/shared/rules/shipping.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { DEFAULT_VAT_RATE, type DocumentKind, type TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import type { Actor } from '../../../platform/actor.ts'
import type { Database } from '../../../platform/db.ts'
import { conflict, notFound } from '../../../platform/errors.ts'
import { createPdf, pdfBytes } from '../../../platform/pdf-document.ts'
import { staffWrite } from '../../../platform/staff-write.ts'
import { findTaxFacts } from '../../content/service.ts'
import { findDocumentFacts, findOrdersByIds, type DocumentFacts } from '../repo.ts'
import { drawInvoice } from './invoice-layout.ts'
import { drawPackingSlip } from './packing-slip-layout.ts'

// Printing invoices and packing slips (docs/decisions.md, 'Invoices and packing slips'): one order or
// a selection as one PDF. The orders and the seller's facts are read, and the print audited, in one
// transaction; the PDF is drawn after it, so a long print holds no database connection.

const text = messages.documents

export type PrintedDocument = { bytes: Buffer; fileName: string }

const isPickupOrder = (order: OrderView) =>
  order.shippingMethod !== null &&
  isPickupOption({ id: order.shippingMethod.id ?? '', name: order.shippingMethod.name })

function assertInvoiced(orders: readonly OrderView[]): void {
  const pending = orders.filter((order) => order.documentNumber === null || order.status === 'pending')
  if (pending.length === 1 && orders.length === 1) throw conflict(text.invoicePending, 'INVOICE_NOT_ISSUED')
  if (pending.length > 0) {
    const numbers = pending.map((order) => `#${shortOrderId(order.id)}`).join(', ')
    throw conflict(format(text.invoicesPending, { numbers }), 'INVOICE_NOT_ISSUED')
  }
}

/** The orders of ids in their order, checked, with what their documents need; the print is audited. */
async function loadForPrint(db: Database, actor: Actor, ids: readonly string[], kind: DocumentKind) {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))]
    const orders = unique.every(isUuid) ? await findOrdersByIds(client, unique) : []
    if (orders.length !== unique.length) throw notFound(messages.orders.orderNotFound, 'ORDER_NOT_FOUND')
    if (kind === 'invoice') assertInvoiced(orders)
    const facts = await findDocumentFacts(client, unique)
    const seller = await findTaxFacts(client)
    for (const order of orders) {
      await audit({
        action: kind === 'invoice' ? 'order.invoice_printed' : 'order.packing_slip_printed',
        entity: 'order',
        entityId: order.id,
        before: null,
        after: {
          documentNumber: order.documentNumber,
          status: order.status,
          ...(orders.length > 1 ? { batch: orders.length } : {}),
        },
      })
    }
    return { orders, facts, seller }
  })
}

/** Draws the documents of kind for the orders into one PDF. */
export async function drawDocuments(
  kind: DocumentKind,
  orders: readonly OrderView[],
  facts: ReadonlyMap<string, DocumentFacts>,
  seller: TaxFactsView,
): Promise<Buffer> {
  const title =
    orders.length === 1
      ? format(kind === 'invoice' ? text.invoiceFileTitle : text.packingSlipFileTitle, {
          number: orders[0]!.documentNumber ?? shortOrderId(orders[0]!.id),
        })
      : format(kind === 'invoice' ? text.invoicesFileTitle : text.packingSlipsFileTitle, { count: orders.length })
  const doc = createPdf({ title, author: seller.legalName || messages.common.shopName })
  for (const order of orders) {
    const isPickup = isPickupOrder(order)
    if (kind === 'invoice') {
      const fact = facts.get(order.id)
      drawInvoice(doc, {
        order,
        issuedAt: fact?.issued_at ?? new Date(order.updated_at),
        vatRate: fact?.vat_rate ?? seller.vatRate ?? DEFAULT_VAT_RATE,
        seller,
        isPickup,
      })
    } else {
      drawPackingSlip(doc, { order, seller, isPickup })
    }
  }
  return pdfBytes(doc)
}

function fileNameOf(kind: DocumentKind, orders: readonly OrderView[]): string {
  const word = kind === 'invoice' ? 'racun' : 'otpremnica'
  if (orders.length > 1) return `${kind === 'invoice' ? 'racuni' : 'otpremnice'}-${orders.length}.pdf`
  const order = orders[0]!
  return `${word}-${order.documentNumber ?? shortOrderId(order.id)}.pdf`
}

/**
 * GET /api/orders/{id}/invoice.pdf, GET /api/orders/{id}/packing-slip.pdf and POST /api/orders/documents:
 * the documents of kind for the orders, in the order given. An invoice needs an order that left
 * 'pending' (409 INVOICE_NOT_ISSUED); an unknown id answers 404 and prints nothing.
 */
export async function printDocuments(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  kind: DocumentKind,
): Promise<PrintedDocument> {
  const { orders, facts, seller } = await loadForPrint(db, actor, ids, kind)
  return { bytes: await drawDocuments(kind, orders, facts, seller), fileName: fileNameOf(kind, orders) }
}
