import { useEffect, useRef, useState } from 'react'
import { adminStatistics } from '@shop/shared/messages/bs/admin-statistics.ts'
import { format } from '@shop/shared/messages/format.ts'
import type { DayFigures } from '@shop/shared/rules/statistics.ts'
import { formatPrice } from '../../../../ui/format-price.ts'
import type uPlotType from 'uplot'
import { formatCount } from './format-count.ts'

const text = adminStatistics
const HEIGHT = 280
const HALF_DAY = 12 * 60 * 60
const REVENUE_COLOUR = '#23835a'
const ORDERS_COLOUR = '#c27803'

/** '2026-03-01' as the chart's x value: seconds since the epoch at midnight UTC. */
function dayToSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000
}

/** 1.3. or 1.3.2026: the days of the statistics are UTC days, so they are shown in UTC. */
function shortDay(seconds: number, withYear = false): string {
  const date = new Date(seconds * 1000)
  const day = `${date.getUTCDate()}.${date.getUTCMonth() + 1}.`
  return withYear ? `${day}${date.getUTCFullYear()}.` : day
}

/**
 * docs/decisions.md 'Statistics': with no day chosen (nothing hovered, nothing tapped), the legend shows
 * the range's totals instead of '–'; a day hovered or tapped shows that day.
 */
function rangeTotals(days: readonly DayFigures[]) {
  const first = days[0]?.date
  const last = days.at(-1)?.date
  return {
    label:
      first && last
        ? format(text.chartTotals, {
            from: shortDay(dayToSeconds(first), true),
            to: shortDay(dayToSeconds(last), true),
          })
        : '–',
    revenue: formatPrice(days.reduce((sum, day) => sum + day.revenue, 0)),
    orders: String(days.reduce((sum, day) => sum + day.orders, 0)),
  }
}

/**
 * A phone has no hover: a tap pins the day under the finger in the legend (a second tap on it goes back
 * to the totals). `pinned` is read by the legend's value functions, so a later reset of the cursor
 * still shows the pinned day.
 */
function pinDayOnTap(u: uPlotType, pin: { index: number | null }): void {
  u.over.addEventListener('pointerup', (event) => {
    if (event.pointerType === 'mouse') return
    const box = u.over.getBoundingClientRect()
    const index = u.posToIdx(event.clientX - box.left)
    pin.index = pin.index === index ? null : index
    // uPlot's hidden cursor is at -10; the legend then shows the pinned day or the totals.
    if (pin.index === null) u.setCursor({ left: -10, top: -10 })
    else u.setLegend({ idx: pin.index })
  })
}

function chartOptions(uPlot: typeof uPlotType, width: number, days: readonly DayFigures[]): uPlotType.Options {
  const axisFont = '12px system-ui, sans-serif'
  const totals = rangeTotals(days)
  const pin: { index: number | null } = { index: null }
  const pinned = () => (pin.index === null ? undefined : days[pin.index])
  return {
    width,
    height: HEIGHT,
    // uPlot styles its nodes through the CSSOM, which the Content-Security-Policy allows.
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
    hooks: { ready: [(u) => pinDayOnTap(u, pin)] },
    scales: {
      // Half a day either side, so that the first and the last day's bars are whole.
      x: { time: false, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
      revenue: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      orders: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      {
        label: text.date,
        value: (_u, value) => {
          const day = value ?? (pinned() ? dayToSeconds(pinned()!.date) : null)
          return day == null ? totals.label : shortDay(day, true)
        },
      },
      {
        label: text.chartRevenue,
        scale: 'revenue',
        stroke: REVENUE_COLOUR,
        fill: 'rgba(35, 131, 90, 0.35)',
        width: 1,
        paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
        points: { show: false },
        value: (_u, value) => {
          const revenue = value ?? pinned()?.revenue
          return revenue == null ? totals.revenue : formatPrice(revenue)
        },
      },
      {
        label: text.chartOrders,
        scale: 'orders',
        stroke: ORDERS_COLOUR,
        width: 2,
        points: { show: true, size: 5, fill: ORDERS_COLOUR },
        value: (_u, value) => {
          const orders = value ?? pinned()?.orders
          return orders == null ? totals.orders : String(orders)
        },
      },
    ],
    axes: [
      {
        font: axisFont,
        stroke: '#4b5a52',
        grid: { show: false },
        space: 56,
        incrs: [86400, 2 * 86400, 7 * 86400, 14 * 86400, 30 * 86400, 61 * 86400, 91 * 86400, 182 * 86400],
        values: (_u, splits) => splits.map((seconds) => shortDay(seconds)),
      },
      {
        scale: 'revenue',
        font: axisFont,
        stroke: REVENUE_COLOUR,
        size: 64,
        grid: { stroke: '#e4e9e6', width: 1 },
        values: (_u, splits) => splits.map((value) => formatCount(value)),
      },
      {
        scale: 'orders',
        side: 1,
        font: axisFont,
        stroke: ORDERS_COLOUR,
        size: 44,
        grid: { show: false },
        values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? String(value) : '')),
      },
    ],
  }
}

/**
 * Revenue (bars, left axis in KM) and orders (line, right axis) per UTC day. uPlot is imported
 * when the chart mounts, so the library and its stylesheet load only on the statistics page.
 */
export function StatisticsChart({ days }: { days: readonly DayFigures[] }) {
  const target = useRef<HTMLDivElement>(null)
  const [isReady, setReady] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const element = target.current
    if (!element) return
    let chart: uPlotType | undefined
    let observer: ResizeObserver | undefined
    let isCancelled = false
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: uPlot }]) => {
        if (isCancelled) return
        const data: uPlotType.AlignedData = [
          days.map((day) => dayToSeconds(day.date)),
          days.map((day) => day.revenue),
          days.map((day) => day.orders),
        ]
        chart = new uPlot(chartOptions(uPlot, Math.max(240, element.clientWidth), days), data, element)
        observer = new ResizeObserver(() =>
          chart?.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }),
        )
        observer.observe(element)
        setReady(true)
      },
      () => {
        if (!isCancelled) setFailed(true)
      },
    )
    return () => {
      isCancelled = true
      observer?.disconnect()
      chart?.destroy()
    }
  }, [days])

  const busiest = days.reduce((max, day) => Math.max(max, day.orders), 0)
  return (
    <section className="ui-card statistics-panel" aria-labelledby="statistics-chart-title">
      <h2 className="statistics-panel__title" id="statistics-chart-title">
        {text.chartTitle}
      </h2>
      <p className="visually-hidden">{format(text.chartSummary, { days: days.length, max: busiest })}</p>
      {!isReady && !failed && <p className="statistics-panel__note">{text.chartLoading}</p>}
      {failed && <p className="statistics-panel__note">{text.loadFailed}</p>}
      <div className="statistics-chart" ref={target} data-ready={isReady ? 'true' : 'false'} />
    </section>
  )
}
