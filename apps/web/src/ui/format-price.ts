import { roundMoney } from '@shop/shared/rules/money.ts'

/** KM with 2 decimals in the local style: 12.5 -> '12,50 KM', 1234 -> '1.234,00 KM'. */
export function formatPrice(value: number): string {
  const amount = roundMoney(Number.isFinite(value) ? value : 0)
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${amount < 0 ? '-' : ''}${grouped},${cents} KM`
}
