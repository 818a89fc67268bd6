import { adminStatistics } from '@shop/shared/messages/bs/admin-statistics.ts'
import type { TopProduct } from '@shop/shared/schemas/admin-statistics.ts'
import { formatPrice } from '../../../../ui/format-price.ts'
import { formatCount } from './format-count.ts'
import { StatisticsTable, type StatisticsColumn } from './statistics-table.tsx'

const text = adminStatistics

const columns: readonly StatisticsColumn<TopProduct>[] = [
  { label: text.product, cell: (product) => product.name },
  { label: text.quantity, isNumber: true, cell: (product) => formatCount(product.quantity) },
  { label: text.revenue, isNumber: true, cell: (product) => formatPrice(product.revenue) },
]

function TopList({ id, title, products }: { id: string; title: string; products: readonly TopProduct[] }) {
  return (
    <StatisticsTable
      id={id}
      title={title}
      empty={text.noProducts}
      className="statistics-top"
      columns={columns}
      rows={products}
      keyOf={(product) => `${product.productId ?? ''}:${product.name}`}
    />
  )
}

/** Beyond the specification (docs/decisions.md, Statistics): the best products of the range by quantity and by revenue. */
export function TopProducts({
  byQuantity,
  byRevenue,
}: {
  byQuantity: readonly TopProduct[]
  byRevenue: readonly TopProduct[]
}) {
  return (
    <div className="statistics-columns">
      <TopList id="statistics-top-quantity" title={text.topByQuantity} products={byQuantity} />
      <TopList id="statistics-top-revenue" title={text.topByRevenue} products={byRevenue} />
    </div>
  )
}
