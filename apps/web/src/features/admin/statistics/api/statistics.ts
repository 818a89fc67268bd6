import type { OrderSource } from '@shop/shared/rules/order-source.ts'
import type { StatisticsStatus } from '@shop/shared/rules/statistics.ts'
import type { StatisticsOrderPage, StatisticsView } from '@shop/shared/schemas/admin-statistics.ts'
import { api } from '../../../../lib/api-client.ts'
import { saveFile } from '../../../../lib/save-file.ts'

/** The page's filter: two UTC days and a status ('' for every status). */
export type StatisticsFilter = {
  from: string
  to: string
  status: StatisticsStatus | ''
  /** docs/decisions.md, Orders entered by staff: 'Izvor narudžbe'; '' or absent for every source. */
  source?: OrderSource | ''
}

function filterQuery(filter: StatisticsFilter) {
  return { from: filter.from, to: filter.to, status: filter.status || undefined, source: filter.source || undefined }
}

/** GET /api/statistics: tiles, days, top products and the table's first page, computed by the server. */
export function fetchStatistics(filter: StatisticsFilter, signal?: AbortSignal): Promise<StatisticsView> {
  return api.get<StatisticsView>('/api/statistics', { query: filterQuery(filter), signal, unwrap: false })
}

/** GET /api/statistics/orders: one page of the table. */
export function fetchStatisticsOrders(
  filter: StatisticsFilter,
  page: number,
  signal?: AbortSignal,
): Promise<StatisticsOrderPage> {
  return api.get<StatisticsOrderPage>('/api/statistics/orders', {
    query: { ...filterQuery(filter), page },
    signal,
    unwrap: false,
  })
}

export function statisticsCsvName(filter: StatisticsFilter): string {
  return `statistika-${filter.from}-${filter.to}${filter.status ? `-${filter.status}` : ''}${filter.source ? `-${filter.source}` : ''}.csv`
}

/**
 * GET /api/statistics/orders.csv through the app's client, so that the token goes along (a plain
 * link could not carry it), then handed to the browser as a download from a blob: URL.
 */
export async function downloadStatisticsCsv(filter: StatisticsFilter): Promise<void> {
  const blob = await api.get<Blob>('/api/statistics/orders.csv', { query: filterQuery(filter), responseType: 'blob' })
  saveFile(blob, statisticsCsvName(filter))
}
