import { adminLogs } from '../messages/bs/admin-logs.ts'
import { adminUsers } from '../messages/bs/admin-users.ts'
import { returns } from '../messages/bs/returns.ts'
import { format } from '../messages/format.ts'
import { changedFieldsLine } from './audit-diff.ts'
import { formatKm } from './order-limits.ts'
import { adminStatusLabel, shortOrderId } from './order-status.ts'

// docs/decisions.md 'System logs': an audit entry read as one Bosnian sentence
// ('admin@demo.ba je kupcu kupac@demo.ba dodao ulogu Veleprodaja.'), for every action the API writes,
// with a plain fallback for an action it does not know.

export type AuditSentenceEntry = {
  actor_email: string | null
  action: string
  entity: string
  entity_id: string | null
  before: unknown
  after: unknown
}

type Fields = Record<string, unknown>
const text = adminLogs.sentences

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {}
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0)
const roleName = (role: unknown): string =>
  (adminUsers.roleNames as Record<string, string>)[textOf(role)] ?? textOf(role)
/** An order's or product's id as the log shows it: '#3f2a9c1e'. */
const shortRef = (id: unknown): string => `#${shortOrderId(textOf(id))}`
const orderOf = (entry: AuditSentenceEntry): string => shortRef(entry.entity_id)
const changesOf = (entry: AuditSentenceEntry): string => {
  const fields = changedFieldsLine(entry.before, entry.after)
  return fields ? format(text.changes, { fields }) : ''
}

/** What a create, update or delete is about: 'proizvod „Kosilica”', 'postavke dostave'. */
function objectOf(entry: AuditSentenceEntry): string {
  if (entry.entity === 'settings') return text.settings[entry.entity_id ?? ''] ?? text.settingsOther
  const object = text.objects[entry.entity] ?? entry.entity
  const side = { ...fieldsOf(entry.before), ...fieldsOf(entry.after) }
  const name = ['name', 'title', 'email', 'full_name', 'section', 'customId']
    .map((key) => textOf(side[key]))
    .find(Boolean)
  if (entry.entity === 'order') return orderOf(entry)
  return name ? format(text.named, { object, name }) : object
}

const returnStatusOf = (value: unknown): string =>
  (returns.statuses as Record<string, string>)[textOf(value)] ?? textOf(value)
const returnReasonOf = (value: unknown): string =>
  (returns.reasons as Record<string, string>)[textOf(value)] ?? textOf(value)

/** A sentence from the entry, its actor, and the fields of its after (the action's outcome). */
type Describe = (entry: AuditSentenceEntry, actor: string, after: Fields) => string

/** The target account of a users-admin entry: its e-mail, kept in before/after. */
const emailOf = (entry: AuditSentenceEntry): string =>
  textOf(fieldsOf(entry.after).email) || textOf(fieldsOf(entry.before).email) || (entry.entity_id ?? '')

const isCustomer = (roles: unknown): boolean => !Array.isArray(roles) || roles.every((role) => role === 'user')

const rolesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : []

function roleSentence(template: string, entry: AuditSentenceEntry, actor: string): string {
  const before = fieldsOf(entry.before)
  const after = fieldsOf(entry.after)
  const beforeRoles = rolesOf(before.roles)
  const afterRoles = rolesOf(after.roles)
  const changed: string | undefined = [
    ...afterRoles.filter((role) => !beforeRoles.includes(role)),
    ...beforeRoles.filter((role) => !afterRoles.includes(role)),
  ][0]
  return format(template, {
    actor,
    whom: isCustomer(before.roles) ? text.whomCustomer : text.whomUser,
    email: emailOf(entry),
    role: roleName(changed ?? after.role),
  })
}

/** An order action's sentence: the actor, the order, and each placeholder filled from a field of the entry's after. */
const orderSentence =
  (template: string, placeholders: Record<string, string> = {}): Describe =>
  (entry, actor, after) => {
    const values = Object.entries(placeholders).map(([placeholder, field]): [string, string] => [
      placeholder,
      textOf(after[field]),
    ])
    return format(template, { actor, order: orderOf(entry), ...Object.fromEntries(values) })
  }

/** A users-admin action on one account: the actor and the account's e-mail. */
const accountSentence =
  (template: string): Describe =>
  (entry, actor) =>
    format(template, { actor, email: emailOf(entry) })

/** A sale action over products: the actor (where the template names one) and how many products. */
const saleProductsSentence =
  (template: string): Describe =>
  (_entry, actor, after) =>
    format(template, { actor, count: numberOf(after.products) })

const DESCRIBE: Record<string, Describe> = {
  create: (entry, actor, after) =>
    format(entry.entity === 'image' ? text.imageCreate : entry.entity === 'user' ? text.userCreated : text.create, {
      actor,
      object: entry.entity === 'image' ? textOf(after.url) : objectOf(entry),
      email: emailOf(entry),
    }),
  update: (entry, actor) => format(text.update, { actor, object: objectOf(entry), changes: changesOf(entry) }),
  delete: (entry, actor) =>
    entry.entity === 'order'
      ? format(text.orderDelete, { actor, order: orderOf(entry) })
      : format(text.delete, { actor, object: objectOf(entry) }),
  'order.status': (entry, actor, after) =>
    format(text.orderStatus, {
      actor,
      order: orderOf(entry),
      from: adminStatusLabel(textOf(fieldsOf(entry.before).status)),
      to: adminStatusLabel(textOf(after.status)),
    }),
  'order.cancel': orderSentence(text.orderCancel),
  'order.status_undo': (entry, actor, after) =>
    format(text.orderStatusUndo, {
      actor,
      order: orderOf(entry),
      to: adminStatusLabel(textOf(after.status)),
    }),
  'order.suspicion_cleared': orderSentence(text.orderSuspicionCleared),
  'order.invoice_printed': orderSentence(text.orderInvoicePrinted, { document: 'documentNumber' }),
  'order.packing_slip_printed': orderSentence(text.orderPackingSlipPrinted),
  'order.fiscal_receipt': orderSentence(text.orderFiscalReceipt, { receipt: 'fiscalReceiptNumber' }),
  'order.shipment_exported': orderSentence(text.orderShipmentExported, { document: 'documentNumber' }),
  'order.tracking': orderSentence(text.orderTracking, { tracking: 'trackingNumber' }),
  'order.cod_paid': orderSentence(text.orderCodPaid, { date: 'paidAt', amount: 'amount' }),
  'return.create': (_entry, actor, after) =>
    format(text.returnCreate, {
      actor,
      order: shortRef(after.orderId),
      reason: returnReasonOf(after.reason),
    }),
  'return.status': (entry, actor, after) => {
    const reason = textOf(after.reason)
    return format(text.returnStatus, {
      actor,
      order: shortRef(after.orderId),
      from: returnStatusOf(fieldsOf(entry.before).status),
      to: returnStatusOf(after.status),
      note: reason ? format(text.returnRejectedNote, { reason }) : '',
    })
  },
  'account.data_exported': (_entry, actor) => format(text.accountDataExported, { actor }),
  'account.deletion_requested': (_entry, actor) => format(text.accountDeletionRequested, { actor }),
  'account.deleted': (_entry, _actor, after) =>
    format(text.accountDeleted, {
      email: textOf(after.email),
      orders: numberOf(after.orders),
    }),
  'stock.correction': (entry, actor, after) => {
    const change = numberOf(after.change)
    return format(text.stockCorrection, {
      actor,
      product: shortRef(entry.entity_id),
      change: change > 0 ? `+${change}` : String(change),
      reason: textOf(after.reason),
    })
  },
  import: (_entry, actor, after) =>
    format(text.catalogueImported, {
      actor,
      file: textOf(after.file),
      created: numberOf(after.created),
      updated: numberOf(after.updated),
    }),
  'order.staff_create': (entry, actor, after) =>
    format(text.orderStaffCreated, {
      actor,
      order: orderOf(entry),
      source: textOf(after.source),
      email: textOf(after.email),
    }),
  profile_updated: (entry, actor) =>
    format(text.profileUpdated, { actor, email: emailOf(entry), changes: changesOf(entry) }),
  sign_in_failed: (entry, _actor, after) => {
    const reason = textOf(after.reason)
    return format(text.signInFailed, { email: emailOf(entry), reason: adminLogs.reasons[reason] ?? reason })
  },
  sign_in_locked: (entry, _actor, after) =>
    format(after.scope === 'ip' ? text.signInLockedIp : text.signInLockedEmail, {
      email: emailOf(entry),
      ip: textOf(after.ip),
      failures: numberOf(after.failures),
      minutes: numberOf(after.windowMinutes),
    }),
  'user.role_added': (entry, actor) => roleSentence(text.roleAdded, entry, actor),
  'user.role_removed': (entry, actor) => roleSentence(text.roleRemoved, entry, actor),
  'user.password_set': accountSentence(text.passwordSet),
  'user.disabled': accountSentence(text.userDisabled),
  'user.enabled': accountSentence(text.userEnabled),
  'sale.config_updated': (entry, actor) => format(text.saleConfigUpdated, { actor, changes: changesOf(entry) }),
  'sale.product_added': (_entry, actor, after) =>
    format(text.saleProductAdded, {
      actor,
      product: shortRef(after.productId),
      percent: numberOf(after.discountPercentage),
      price: formatKm(numberOf(after.discountedPrice)),
    }),
  'sale.product_removed': (entry, actor) =>
    format(text.saleProductRemoved, { actor, product: shortRef(fieldsOf(entry.before).productId) }),
  'sale.applied': saleProductsSentence(text.saleApplied),
  'sale.restored': saleProductsSentence(text.saleRestored),
  'sale.started': saleProductsSentence(text.saleStarted),
  'sale.ended': saleProductsSentence(text.saleEnded),
}

/** Every action the API writes, named (the test walks them all). */
export const DESCRIBED_AUDIT_ACTIONS = Object.keys(DESCRIBE)

/** The entry as a sentence; an unknown action reads '{actor}: {action} ({entity} {id}).' */
export function describeAuditEntry(entry: AuditSentenceEntry): string {
  const actor = entry.actor_email ?? (entry.action.startsWith('sign_in') ? adminLogs.anonymous : adminLogs.system)
  const describe = DESCRIBE[entry.action]
  if (describe) return describe(entry, actor, fieldsOf(entry.after))
  return format(text.unknown, {
    actor,
    action: adminLogs.actions[entry.action] ?? entry.action,
    entity: adminLogs.entities[entry.entity] ?? entry.entity,
    id: entry.entity_id ? ` ${entry.entity_id}` : '',
  })
}
