import { classNames } from './class-names.ts'
import { formatPrice } from './format-price.ts'

type PriceProps = {
  value: number
  /** The price before a discount, shown struck through when it is higher than `value`. */
  originalValue?: number | null
  className?: string
}

export function Price({ value, originalValue, className }: PriceProps) {
  const isDiscounted = originalValue != null && originalValue > value
  return (
    <span className={classNames('ui-price', isDiscounted && 'ui-price--discounted', className)}>
      <span className="ui-price__current">{formatPrice(value)}</span>
      {isDiscounted && <del className="ui-price__original">{formatPrice(originalValue)}</del>}
    </span>
  )
}
