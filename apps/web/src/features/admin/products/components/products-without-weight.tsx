import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { Alert } from '../../../../ui/alert.tsx'
import type { ProductsWithoutWeight } from '../../api/products.ts'

const text = admin.product

type Props = { list: ProductsWithoutWeight | undefined; onFind: (code: string) => void }

/**
 * docs/decisions.md, 'Product weights and shipping by weight': a notice with the products that have no
 * weight (or an option without one); a name finds the product in the list below, to open its form.
 */
export function ProductsWithoutWeightNotice({ list, onFind }: Props) {
  if (!list || list.count === 0) return null
  return (
    <Alert className="products-without-weight">
      <details>
        <summary>
          <strong>{format(text.withoutWeight, { count: list.count })}</strong> {text.withoutWeightHint}
        </summary>
        <ul className="products-without-weight__list">
          {list.products.map((product) => (
            <li key={product.id}>
              <button type="button" className="products-without-weight__find" onClick={() => onFind(product.customId)}>
                {product.name}
              </button>{' '}
              <span className="products-without-weight__code">{product.customId}</span>
            </li>
          ))}
        </ul>
      </details>
    </Alert>
  )
}
