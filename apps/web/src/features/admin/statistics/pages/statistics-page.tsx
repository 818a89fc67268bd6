import { useState } from 'react'
import { adminStatistics } from '@shop/shared/messages/bs/admin-statistics.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { lastDays } from '@shop/shared/rules/statistics.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Button } from '../../../../ui/button.tsx'
import { DownloadIcon } from '../../../../ui/icons.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import {
  downloadStatisticsCsv,
  fetchStatistics,
  fetchStatisticsOrders,
  type StatisticsFilter,
} from '../api/statistics.ts'
import { OrdersTable } from '../components/orders-table.tsx'
import { StatisticsChart } from '../components/statistics-chart.tsx'
import { StatisticsFilters } from '../components/statistics-filters.tsx'
import { SummaryTiles } from '../components/summary-tiles.tsx'
import { TopProducts } from '../components/top-products.tsx'
import './statistics-page.css'

const text = adminStatistics
/** The range the page opens with: the last 30 days, today included. */
const DEFAULT_DAYS = 30

/**
 * staff-and-content.md §2 'Statistika' (tiles, date range, status filter, table) and §9 (the
 * figures, UTC days). Beyond it (docs/decisions.md, Statistics): the chart per day, the top products and the CSV. The
 * route guard sends a wrong role to /, and the server checks the role on every call.
 */
export function AdminStatisticsPage() {
  const [filter, setFilter] = useState<StatisticsFilter>(() => ({ ...lastDays(new Date(), DEFAULT_DAYS), status: '' }))
  const [page, setPage] = useState(1)
  const filterKey = `${filter.from}\n${filter.to}\n${filter.status}\n${filter.source ?? ''}`
  const statistics = useLoad((signal) => fetchStatistics(filter, signal), filterKey)
  // The first page comes with the figures; the others are asked for one by one.
  const laterPage = useLoad(
    (signal) => (page === 1 ? Promise.resolve(null) : fetchStatisticsOrders(filter, page, signal)),
    `${filterKey}\n${page}`,
  )
  const download = useStaffAction()
  const view = statistics.data
  const tablePage = page === 1 ? view?.orders : (laterPage.data ?? view?.orders)

  function changeFilter(next: StatisticsFilter) {
    setFilter(next)
    setPage(1)
  }

  return (
    <StaffFrame
      title={shell.admin.pages.statistics.title}
      actions={
        <Button
          variant="secondary"
          isLoading={download.isBusy}
          onClick={() => void download.run(() => downloadStatisticsCsv(filter), { failed: text.downloadFailed })}
        >
          <DownloadIcon size={18} aria-hidden="true" />
          {download.isBusy ? text.downloading : text.downloadCsv}
        </Button>
      }
      loads={[
        { load: statistics, failed: text.loadFailed },
        { load: laterPage, failed: text.loadFailed },
      ]}
      errors={[download.error]}
    >
      <StatisticsFilters filter={filter} onChange={changeFilter} />
      {view && (
        <div className="statistics" aria-busy={statistics.status === 'loading'}>
          <p className="statistics__note">{text.rangeNote}</p>
          <SummaryTiles totals={view.totals} />
          <StatisticsChart days={view.days} />
          <TopProducts byQuantity={view.topProducts.byQuantity} byRevenue={view.topProducts.byRevenue} />
          {tablePage && (
            <OrdersTable page={tablePage} isBusy={laterPage.status === 'loading' && page !== 1} onPage={setPage} />
          )}
        </div>
      )}
    </StaffFrame>
  )
}
