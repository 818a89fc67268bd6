import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { seo } from '@shop/shared/messages/bs/seo.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { RetryAlert } from '../../../ui/alert.tsx'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { HeroHeading } from '../../../ui/hero-heading.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { ClockIcon, PhoneIcon, UtensilsIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { fetchMenu, fetchMenuCategories, fetchRestaurantInfo } from '../api/restaurant.ts'
import { keyedLoad, planOf, useLoad } from '../../../lib/use-load.ts'
import { FilterChips } from '../components/filter-chips.tsx'
import { MenuCard } from '../components/menu-card.tsx'
import {
  MENU_PAGE_SIZE,
  categoryLabel,
  filterMenu,
  mainCategories,
  subcategoriesOf,
  type MenuFilter,
} from '../menu-view.ts'
import './restaurant-page.css'

const text = restaurant.page
const DEFAULT_INFO = { hours: shell.defaultWorkHours.restaurant, phone: shell.defaultCompany.phone }

/** 'Pon-Sub 08:00-22:00, Ned zatvoreno' -> one line per day range. */
function hourLines(hours: string): string[] {
  return hours
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
}

/**
 * staff-and-content.md §2 Public restaurant page: a hero, the restaurant's work hours and a
 * reservation phone; the menu with a main-category filter (a subcategory filter once one is
 * chosen), featured items first, 'Uncategorized' for an unknown category, 9 items and 'Load more'.
 */
const INFO_LOAD = keyedLoad('info', fetchRestaurantInfo)
const MENU_LOAD = keyedLoad('menu', fetchMenu)
const CATEGORIES_LOAD = keyedLoad('categories', fetchMenuCategories)
export const loadPlan = planOf(INFO_LOAD, MENU_LOAD, CATEGORIES_LOAD)

export function RestaurantPage() {
  usePageTitle(seo.pages.restaurant.title ?? shell.pages.restaurant.title)
  const info = useLoad(INFO_LOAD.load, INFO_LOAD.key).data ?? DEFAULT_INFO
  const menu = useLoad(MENU_LOAD.load, MENU_LOAD.key)
  const categoryList = useLoad(CATEGORIES_LOAD.load, CATEGORIES_LOAD.key)
  const [filter, setFilter] = useState<MenuFilter>({ category: null, subcategory: null })
  const [shown, setShown] = useState(MENU_PAGE_SIZE)

  const categories = categoryList.data ?? []
  const mains = mainCategories(categories)
  const subcategories = filter.category ? subcategoriesOf(categories, filter.category) : []
  const items = filterMenu(menu.data ?? [], categories, filter)
  const visible = items.slice(0, shown)

  function choose(next: MenuFilter) {
    setFilter(next)
    setShown(MENU_PAGE_SIZE)
  }

  const phoneHref = `tel:${info.phone.replace(/[^\d+]/g, '')}`
  return (
    <div className="restaurant">
      <section className="ui-hero restaurant-hero" aria-labelledby="restaurant-title">
        <div className="container restaurant-hero__inner">
          <div className="restaurant-hero__text">
            <HeroHeading eyebrow={text.eyebrow} title={text.title} titleId="restaurant-title" lead={text.lead} />
            <div className="ui-hero__actions restaurant-hero__actions">
              <a href="#jelovnik" className={buttonClassName({ variant: 'accent', size: 'lg' })}>
                {text.menuLink}
              </a>
              <a
                href={phoneHref}
                className={buttonClassName({ variant: 'secondary', size: 'lg' })}
                aria-label={format(text.callLabel, { phone: info.phone })}
              >
                <PhoneIcon size={18} />
                {info.phone}
              </a>
            </div>
          </div>
          <aside className="restaurant-facts ui-card">
            <div className="restaurant-facts__block">
              <h2 id="restaurant-hours" className="ui-icon-title">
                <ClockIcon size={20} />
                {text.hoursTitle}
              </h2>
              <ul className="ui-list ui-list--large">
                {hourLines(info.hours).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <div className="restaurant-facts__block">
              <h2 id="restaurant-reservations" className="ui-icon-title">
                <PhoneIcon size={20} />
                {text.reservationTitle}
              </h2>
              <p>{text.reservationText}</p>
              <a className="restaurant-facts__phone" href={phoneHref}>
                {info.phone}
              </a>
            </div>
          </aside>
        </div>
      </section>

      <section id="jelovnik" className="container restaurant-menu" aria-labelledby="menu-title">
        <header className="restaurant-menu__header">
          <h2 id="menu-title">{text.menuTitle}</h2>
          <p>{text.menuLead}</p>
        </header>
        {categoryList.status === 'error' && (
          <RetryAlert
            message={restaurant.loadCategoriesFailed}
            retryLabel={text.tryAgain}
            onRetry={categoryList.reload}
          />
        )}
        {mains.length > 0 && (
          <div className="restaurant-menu__filters">
            <FilterChips
              label={text.categoryFilter}
              options={mains}
              selected={filter.category}
              onSelect={(category) => choose({ category, subcategory: null })}
            />
            {subcategories.length > 0 && (
              <FilterChips
                label={text.subcategoryFilter}
                options={subcategories}
                selected={filter.subcategory}
                onSelect={(subcategory) => choose({ ...filter, subcategory })}
                isSecondary
              />
            )}
          </div>
        )}
        {menu.status === 'error' && (
          <RetryAlert message={restaurant.loadItemsFailed} retryLabel={text.tryAgain} onRetry={menu.reload} />
        )}
        {menu.status === 'loading' && !menu.data && <LoadingBlock label={common.loading} />}
        {menu.data && items.length === 0 && <EmptyState icon={<UtensilsIcon size={30} />} title={text.empty} />}
        {visible.length > 0 && (
          <ul className="ui-list menu-grid" aria-labelledby="menu-title">
            {visible.map((item) => (
              <li key={item.id}>
                <MenuCard item={item} category={categoryLabel(item, categories, restaurant.uncategorized)} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && (
          <div className="restaurant-menu__more">
            <p className="ui-note" aria-live="polite">
              {format(text.shown, { shown: visible.length, total: items.length })}
            </p>
            {visible.length < items.length && (
              <Button variant="secondary" size="lg" onClick={() => setShown((count) => count + MENU_PAGE_SIZE)}>
                {restaurant.loadMore}
              </Button>
            )}
          </div>
        )}
      </section>
    </div>
  )
}
