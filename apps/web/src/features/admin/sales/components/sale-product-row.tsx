import { format } from '@shop/shared/messages/format.ts'
import { adminSales as text } from '@shop/shared/messages/bs/admin-sales.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { Button } from '../../../../ui/button.tsx'
import { DescriptionList } from '../../../../ui/description-list.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { BoxesIcon } from '../../../../ui/icons.tsx'
import { Price } from '../../../../ui/price.tsx'
import type { SaleProduct } from '@shop/shared/schemas/catalogue.ts'

/** One product on sale: image, name, original price, percentage and sale price (§2 Sales admin). */
export function SaleProductRow({
  product,
  isBusy,
  onRemove,
}: {
  product: SaleProduct
  isBusy: boolean
  onRemove: () => void
}) {
  const image = product.images.find((candidate) => candidate.is_primary) ?? product.images[0]
  return (
    <li className="sale-row">
      <div className="sale-row__image">
        {image ? <img src={imageVariantUrl(image.url, 320)} alt="" loading="lazy" /> : <BoxesIcon size={28} />}
      </div>
      <div className="sale-row__body">
        <h3 className="sale-row__name">{product.name}</h3>
        <DescriptionList
          className="sale-row__facts"
          items={[
            { term: text.originalPrice, details: formatPrice(product.originalPrice) },
            {
              term: text.discountPercentage,
              details: `−${product.discountPercentage} %`,
              detailsClassName: 'sale-row__percent',
            },
            {
              term: text.salePrice,
              details: <Price value={product.discountedPrice} originalValue={product.originalPrice} />,
            },
          ]}
        />
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="sale-row__remove"
        disabled={isBusy}
        aria-label={format(text.removeNamed, { name: product.name })}
        onClick={onRemove}
      >
        {text.remove}
      </Button>
    </li>
  )
}
