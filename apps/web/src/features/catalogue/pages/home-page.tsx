import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { clearStoreFilters } from '../../../app/layout/store-filters.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import {
  ArrowRightIcon,
  BoxesIcon,
  HeartIcon,
  ReceiptIcon,
  StoreIcon,
  TruckIcon,
  UtensilsIcon,
  WalletIcon,
} from '../../../ui/icons.tsx'
import {
  fetchBrands,
  fetchFeaturedProducts,
  fetchSaleConfig,
  fetchSaleProducts,
  fetchSlides,
} from '../api/catalogue.ts'
import { currentData, keyedLoad, useLoad } from '../../../lib/use-load.ts'
import type { LoadPlan } from '../../../lib/server-data.ts'
import type { SaleConfig } from '@shop/shared/schemas/catalogue.ts'
import { BrandGrid } from '../components/brand-grid.tsx'
import { HeroSlider } from '../components/hero-slider.tsx'
import { ProductCarousel } from '../components/product-carousel.tsx'
import { formatSaleDate, isSaleActive } from '../sale.ts'
import './catalogue.css'
import './home-page.css'

const { home } = shell
const text = catalogue.home
/** customer-side.md §9: at most 8 featured products. */
const FEATURED_LIMIT = 8

const HIGHLIGHT_ICONS: readonly ComponentType<{ size?: number }>[] = [TruckIcon, WalletIcon, ReceiptIcon, HeartIcon]

// customer-side.md §2 Home page: three service cards, each a link.
const SERVICES = [
  { key: 'retail', to: '/store', icon: StoreIcon, resetsStore: true },
  { key: 'restaurant', to: '/restoran', icon: UtensilsIcon, resetsStore: false },
  { key: 'wholesale', to: '/veleprodaja', icon: BoxesIcon, resetsStore: false },
] as const

/** Shown when there are no slides: the shop's own welcome. */
function WelcomeHero() {
  return (
    <section className="home-hero" aria-label={text.slidesLabel}>
      <div className="container home-hero__inner">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">{home.eyebrow}</p>
          <p className="home-hero__title">{home.title}</p>
          <p className="home-hero__lead">{home.lead}</p>
          <Link to="/store" onClick={clearStoreFilters} className={buttonClassName({ variant: 'accent', size: 'lg' })}>
            {home.primaryAction}
            <ArrowRightIcon size={20} />
          </Link>
        </div>
      </div>
    </section>
  )
}

// The home page's loads: the slides, the sale and its products, the brands and, without a sale to show, the featured products.
const SLIDES_LOAD = keyedLoad('slides', fetchSlides)
const SALE_CONFIG_LOAD = keyedLoad('sale-config', fetchSaleConfig)
const BRANDS_LOAD = keyedLoad('brands', fetchBrands)
const saleProductsLoad = (token: string | null) => keyedLoad(`sale-products ${token ?? ''}`, fetchSaleProducts)
const featuredLoad = (token: string | null) =>
  keyedLoad(`featured ${token ?? ''}`, (signal) => fetchFeaturedProducts(FEATURED_LIMIT, signal))

function isSaleShownWith(sale: SaleConfig | undefined, onSale: readonly unknown[] | undefined): boolean {
  return isSaleActive(sale, new Date()) && (onSale?.length ?? 0) > 0
}

/** The server renders home as a guest sees it. */
export const loadPlan: LoadPlan = async (_address, start) => {
  const [sale, onSale] = await Promise.all([
    start(SALE_CONFIG_LOAD),
    start(saleProductsLoad(null)),
    start(SLIDES_LOAD),
    start(BRANDS_LOAD),
  ])
  if (!isSaleShownWith(sale, onSale)) await start(featuredLoad(null))
}

/** customer-side.md §2 Home page: hero slides, a products carousel, brands, then the three service cards. */
export function HomePage() {
  usePageTitle()
  const { user, token } = useSession()
  const canSeeWholesale = canSeeWholesalePrices(user?.roles)
  // customer-side.md §8: failures on the home page are not shown; the section stays away.
  const slides = useLoad(SLIDES_LOAD.load, SLIDES_LOAD.key)
  const saleConfig = useLoad(SALE_CONFIG_LOAD.load, SALE_CONFIG_LOAD.key)
  const saleProductsOf = saleProductsLoad(token)
  const saleProducts = useLoad(saleProductsOf.load, saleProductsOf.key)
  const brands = useLoad(BRANDS_LOAD.load, BRANDS_LOAD.key)
  const isSaleSettled = saleConfig.status !== 'loading' && saleProducts.status !== 'loading'
  const sale = currentData(saleConfig)
  const onSale = currentData(saleProducts)
  const isSaleShown = isSaleShownWith(sale, onSale)
  const featuredOf = featuredLoad(token)
  const featured = useLoad(featuredOf.load, isSaleSettled && !isSaleShown ? featuredOf.key : null)
  const products = isSaleShown ? onSale : currentData(featured)
  const isProductsLoading = !isSaleSettled || (!isSaleShown && featured.status === 'loading')

  return (
    <>
      <h1 className="visually-hidden">{home.title}</h1>
      {slides.status === 'loading' ? (
        <div className="hero-placeholder" aria-hidden="true" />
      ) : slides.data && slides.data.length > 0 ? (
        <HeroSlider slides={slides.data} />
      ) : (
        <WelcomeHero />
      )}

      <div className="container">
        <ul className="home-highlights" aria-label={home.highlightsLabel}>
          {home.highlights.map((highlight, index) => {
            const Icon = HIGHLIGHT_ICONS[index] ?? HeartIcon
            return (
              <li key={highlight}>
                <span className="home-highlights__icon">
                  <Icon size={22} />
                </span>
                {highlight}
              </li>
            )
          })}
        </ul>

        {/* The products section's space is held while it loads, so that what follows does not
            jump down when it arrives (docs/decisions.md, Walk-through fixes). */}
        {isProductsLoading && <div className="home-section home-section--placeholder" aria-hidden="true" />}
        {products && products.length > 0 && (
          <section className="home-section" aria-labelledby="home-products-title">
            <div className="home-section__header">
              <div>
                <h2 id="home-products-title">{isSaleShown && sale ? sale.title : text.featuredHeading}</h2>
                <p className="home-section__lead">
                  {isSaleShown && sale
                    ? format(text.saleDates, {
                        start: formatSaleDate(sale.startDate),
                        end: formatSaleDate(sale.endDate),
                      })
                    : text.featuredLead}
                </p>
              </div>
              <Link to="/store" onClick={clearStoreFilters} className="home-section__more">
                {text.viewAll}
                <ArrowRightIcon size={18} />
              </Link>
            </div>
            <ProductCarousel
              products={products}
              canSeeWholesale={canSeeWholesale}
              roles={user?.roles}
              label={isSaleShown && sale ? sale.title : text.featuredHeading}
            />
          </section>
        )}

        {brands.data && brands.data.length > 0 && (
          <section className="home-section" aria-labelledby="home-brands-title">
            <h2 id="home-brands-title">{text.brandsHeading}</h2>
            <BrandGrid brands={brands.data} />
          </section>
        )}

        <section className="home-services" aria-labelledby="home-services-title">
          <h2 id="home-services-title">{home.servicesHeading}</h2>
          <ul className="ui-list home-services__grid">
            {SERVICES.map(({ key, to, icon: Icon, resetsStore }) => {
              const service = home.services[key]
              return (
                <li key={key}>
                  <Link
                    to={to}
                    className={`ui-card service-card service-card--${key}`}
                    onClick={resetsStore ? clearStoreFilters : undefined}
                  >
                    <span className="ui-icon-tile service-card__icon">
                      <Icon size={28} />
                    </span>
                    <span className="service-card__title">{service.title}</span>
                    <span className="service-card__text">{service.text}</span>
                    <span className="service-card__action">
                      {service.action}
                      <ArrowRightIcon size={18} />
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
        </section>
      </div>
    </>
  )
}
