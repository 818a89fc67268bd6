import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { clearStoreFilters } from '../../../app/layout/store-filters.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { ArrowRightIcon, BoxesIcon, HeartIcon, ReceiptIcon, StoreIcon, TruckIcon, UtensilsIcon, WalletIcon } from '../../../ui/icons.tsx'
import { StorefrontIllustration } from '../components/storefront-illustration.tsx'
import './home-page.css'

const { home } = shell

const HIGHLIGHT_ICONS: readonly ComponentType<{ size?: number }>[] = [TruckIcon, WalletIcon, ReceiptIcon, HeartIcon]

// customer-side.md §2 Home page: three service cards, each a link.
const SERVICES = [
  { key: 'retail', to: '/store', icon: StoreIcon, resetsStore: true },
  { key: 'restaurant', to: '/restoran', icon: UtensilsIcon, resetsStore: false },
  { key: 'wholesale', to: '/veleprodaja', icon: BoxesIcon, resetsStore: false },
] as const

/** The home page's frame: hero and service cards; the slide and product carousels come with the catalogue issue. */
export function HomePage() {
  usePageTitle()
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <div className="home-hero__text">
            <p className="home-hero__eyebrow">{home.eyebrow}</p>
            <h1 id="home-title">{home.title}</h1>
            <p className="home-hero__lead">{home.lead}</p>
            <div className="home-hero__actions">
              {/* customer-side.md §2: the default /store link forgets remembered store filters. */}
              <Link to="/store" onClick={clearStoreFilters} className={buttonClassName({ variant: 'accent', size: 'lg' })}>
                {home.primaryAction}
                <ArrowRightIcon size={20} />
              </Link>
              <Link to="/restoran" className={buttonClassName({ variant: 'secondary', size: 'lg' }, 'home-hero__secondary')}>
                {home.secondaryAction}
              </Link>
            </div>
          </div>
          <div className="home-hero__art">
            <StorefrontIllustration />
          </div>
        </div>
      </section>

      <div className="container">
        <ul className="home-highlights" aria-label={home.highlightsLabel}>
          {home.highlights.map((text, index) => {
            const Icon = HIGHLIGHT_ICONS[index] ?? HeartIcon
            return (
              <li key={text}>
                <span className="home-highlights__icon">
                  <Icon size={22} />
                </span>
                {text}
              </li>
            )
          })}
        </ul>

        <section className="home-services" aria-labelledby="home-services-title">
          <h2 id="home-services-title">{home.servicesHeading}</h2>
          <ul className="home-services__grid">
            {SERVICES.map(({ key, to, icon: Icon, resetsStore }) => {
              const service = home.services[key]
              return (
                <li key={key}>
                  <Link to={to} className={`service-card service-card--${key}`} onClick={resetsStore ? clearStoreFilters : undefined}>
                    <span className="service-card__icon">
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
