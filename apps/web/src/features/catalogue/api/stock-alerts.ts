import type {
  StockAlertAnswer,
  StockAlertConfirmed,
  StockAlertInput,
  StockAlertUnsubscribed,
} from '@shop/shared/schemas/stock-alerts.ts'
import { api } from '../../../lib/api-client.ts'

// Back-in-stock alerts (docs/decisions.md ('Back-in-stock alerts')): the product page's form and the pages of the mails' links.

export function requestStockAlert(input: StockAlertInput): Promise<StockAlertAnswer> {
  return api.post<StockAlertAnswer>('/api/stock-alerts', input)
}

export function confirmStockAlert(token: string): Promise<StockAlertConfirmed> {
  return api.get<StockAlertConfirmed>(`/api/stock-alerts/confirm/${encodeURIComponent(token)}`)
}

export function unsubscribeStockAlerts(token: string): Promise<StockAlertUnsubscribed> {
  return api.get<StockAlertUnsubscribed>(`/api/stock-alerts/unsubscribe/${encodeURIComponent(token)}`)
}
