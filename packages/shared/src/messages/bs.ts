// Every user-facing text, verbatim from the specification (shared/spec). One section per
// feature lives in messages/bs/<feature>.ts so that features can grow apart; this file
// is the one entry point that schemas, the API and the pages import.
import { account } from './bs/account.ts'
import { admin } from './bs/admin.ts'
import { adminLogs } from './bs/admin-logs.ts'
import { adminSales } from './bs/admin-sales.ts'
import { adminStatistics } from './bs/admin-statistics.ts'
import { adminUsers } from './bs/admin-users.ts'
import { auth } from './bs/auth.ts'
import { catalogue } from './bs/catalogue.ts'
import { catalogueIo } from './bs/catalogue-io.ts'
import { common } from './bs/common.ts'
import { images } from './bs/images.ts'
import { contact } from './bs/contact.ts'
import { courier } from './bs/courier.ts'
import { documents } from './bs/documents.ts'
import { mail } from './bs/mail.ts'
import { orders } from './bs/orders.ts'
import { orderLimits } from './bs/order-limits.ts'
import { orderList } from './bs/order-list.ts'
import { returns } from './bs/returns.ts'
import { seo } from './bs/seo.ts'
import { shell } from './bs/shell.ts'
import { stockLedger } from './bs/stock-ledger.ts'
import { stockAlerts } from './bs/stock-alerts.ts'
import { staffOrders } from './bs/staff-orders.ts'
import { reorder } from './bs/reorder.ts'
import { recordVersions } from './bs/record-versions.ts'

export const messages = {
  common,
  admin,
  adminUsers,
  adminStatistics,
  adminSales,
  adminLogs,
  images,
  auth,
  catalogue,
  catalogueIo,
  account,
  mail,
  seo,
  shell,
  contact,
  orders,
  orderLimits,
  orderList,
  documents,
  courier,
  stockLedger,
  stockAlerts,
  staffOrders,
  reorder,
  returns,
  recordVersions,
} as const

export type Messages = typeof messages

export { format } from './format.ts'
