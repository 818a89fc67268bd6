import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { imageSrcSet, imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import type { MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { Badge } from '../../../ui/badge.tsx'
import { UtensilsIcon } from '../../../ui/icons.tsx'
import { Price } from '../../../ui/price.tsx'

const text = restaurant.page

/** One dish or drink of the public menu: picture, badges, name, category, description, price, lists. */
export function MenuCard({ item, category }: { item: MenuItem; category: string }) {
  const srcSet = item.image ? imageSrcSet(item.image) : ''
  return (
    <article className={`ui-card menu-card${item.isAvailable ? '' : ' menu-card--unavailable'}`}>
      <div className="ui-media menu-card__media">
        {item.image ? (
          <img
            src={imageVariantUrl(item.image, 640)}
            srcSet={srcSet || undefined}
            sizes={srcSet ? '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw' : undefined}
            width={640}
            height={480}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="menu-card__placeholder" aria-hidden="true">
            <UtensilsIcon size={36} />
          </span>
        )}
        {(item.featured || !item.isAvailable) && (
          <div className="ui-overlay-badges menu-card__badges">
            {item.featured && <Badge tone="accent">{text.featured}</Badge>}
            {!item.isAvailable && <Badge tone="neutral">{text.unavailable}</Badge>}
          </div>
        )}
      </div>
      <div className="menu-card__body">
        <p className="ui-kicker">{category}</p>
        <div className="ui-split ui-split--baseline">
          <h3 className="menu-card__name">{item.name}</h3>
          <Price value={item.price} className="menu-card__price" />
        </div>
        {item.description && <p className="menu-card__description">{item.description}</p>}
        {item.ingredients.length > 0 && (
          <p className="menu-card__list">
            <span className="menu-card__list-label">{text.ingredients}:</span> {item.ingredients.join(', ')}
          </p>
        )}
        {item.allergens.length > 0 && (
          <p className="menu-card__list">
            <span className="menu-card__list-label">{text.allergens}:</span> {item.allergens.join(', ')}
          </p>
        )}
      </div>
    </article>
  )
}
