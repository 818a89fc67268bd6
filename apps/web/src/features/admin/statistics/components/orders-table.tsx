import { adminStatistics } from '@shop/shared/messages/bs/admin-statistics.ts'
import { adminStatusLabel, shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { StatisticsOrderPage } from '@shop/shared/schemas/admin-statistics.ts'
import { formatPrice } from '../../../../ui/format-price.ts'
import { formatCount } from './format-count.ts'
import { Pager } from '../../kit/pager.tsx'
import { StatisticsTable, type StatisticsColumn } from './statistics-table.tsx'

const text = adminStatistics

/** '2026-03-01T09:05:07Z' -> '1.3.2026. 09:05', in UTC like the days of the range. */
function formatUtcMoment(value: string): string {
  const date = new Date(value)
  const time = date.toISOString().slice(11, 16)
  return `${date.getUTCDate()}.${date.getUTCMonth() + 1}.${date.getUTCFullYear()}. ${time}`
}

type OrdersTableProps = { page: StatisticsOrderPage; isBusy: boolean; onPage: (page: number) => void }
type Order = StatisticsOrderPage['data'][number]

const columns: readonly StatisticsColumn<Order>[] = [
  { label: text.date, cell: (order) => formatUtcMoment(order.createdAt) },
  { label: text.order, cell: (order) => <span className="statistics-orders__number">#{shortOrderId(order.id)}</span> },
  {
    label: text.customer,
    cell: (order) => (
      <div>
        <span className="statistics-orders__customer">{order.customer || order.email}</span>
        {order.customer && <span className="statistics-orders__email">{order.email}</span>}
      </div>
    ),
  },
  { label: text.status, cell: (order) => adminStatusLabel(order.status) },
  { label: text.items, isNumber: true, cell: (order) => formatCount(order.items) },
  { label: text.revenue, isNumber: true, cell: (order) => formatPrice(order.revenue) },
]

/** The table of the range's orders, paged on the server; on a phone each row becomes a small card. */
export function OrdersTable({ page, isBusy, onPage }: OrdersTableProps) {
  return (
    <StatisticsTable
      id="statistics-orders-title"
      title={text.tableTitle}
      empty={text.noOrders}
      className="statistics-orders"
      columns={columns}
      rows={page.data}
      keyOf={(order) => order.id}
      isBusy={isBusy}
    >
      <Pager page={page.page} pages={page.pages} onPage={onPage} />
    </StatisticsTable>
  )
}
