import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { reorder } from '@shop/shared/messages/bs/reorder.ts'
import { seo } from '@shop/shared/messages/bs/seo.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { CATALOGS, wholesale } from '@shop/shared/messages/bs/wholesale.ts'
import { keyedLoad, planOf, useLoad } from '../../../lib/use-load.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { HeroHeading } from '../../../ui/hero-heading.tsx'
import {
  BoxesIcon,
  ClockIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ReceiptIcon,
  StoreIcon,
  TruckIcon,
  WalletIcon,
} from '../../../ui/icons.tsx'
import { CheckList } from '../../../ui/check-list.tsx'
import { IconCardList, type IconCard } from '../../../ui/icon-card-list.tsx'
import { DEFAULT_CONTACT, fetchWholesaleContact } from '../api/wholesale.ts'
import { CatalogCard } from '../components/catalog-card.tsx'
import { CatalogPricesNote } from '../components/catalog-prices-note.tsx'
import './wholesale-page.css'

const REASON_ICONS = [WalletIcon, BoxesIcon, TruckIcon, StoreIcon]
const REASON_CARDS: readonly IconCard[] = wholesale.reasons.items.map((reason, index) => {
  const Icon = REASON_ICONS[index % REASON_ICONS.length] ?? BoxesIcon
  return { key: reason.title, icon: <Icon size={22} />, title: reason.title, text: reason.text }
})

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * staff-and-content.md §2 Public wholesale page: reasons to buy wholesale, the services, the seven
 * PDF catalogues (§4, §8 Catalogue download) and the wholesale contact with its work hours.
 */
const CONTACT_LOAD = keyedLoad('wholesale-contact', fetchWholesaleContact)
export const loadPlan = planOf(CONTACT_LOAD)

export function WholesalePage() {
  usePageTitle(seo.pages.wholesale.title ?? shell.nav.wholesale)
  // The footer's defaults until the server answers (a server-rendered page has the answer embedded).
  const contact = useLoad(CONTACT_LOAD.load, CONTACT_LOAD.key).data ?? DEFAULT_CONTACT
  const { page, reasons, services, catalogs, contact: labels } = wholesale
  const hourLines = contact.hours
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)

  const facts: Array<{ icon: ReactNode; label: string; value: ReactNode }> = [
    { icon: <PhoneIcon />, label: labels.phone, value: <a href={tel(contact.phone)}>{contact.phone}</a> },
    ...(contact.fax ? [{ icon: <ReceiptIcon />, label: labels.fax, value: contact.fax }] : []),
    { icon: <MailIcon />, label: labels.email, value: <a href={`mailto:${contact.email}`}>{contact.email}</a> },
    { icon: <MapPinIcon />, label: labels.address, value: contact.address },
  ]

  return (
    <div className="wholesale">
      <section className="ui-hero wholesale-hero" aria-labelledby="wholesale-title">
        <div className="container">
          <HeroHeading eyebrow={page.eyebrow} title={page.title} titleId="wholesale-title" lead={page.lead} />
          <div className="ui-hero__actions">
            <a href="#katalozi" className={buttonClassName({ variant: 'accent', size: 'lg' })}>
              {page.catalogsLink}
            </a>
            <a href="#kontakt" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              {page.contactLink}
            </a>
            {/* docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order'. */}
            <Link to="/veleprodaja/brza-narudzba" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              {reorder.quickOrderLink}
            </Link>
          </div>
        </div>
      </section>

      <section className="container wholesale-reasons" aria-labelledby="wholesale-reasons">
        <h2 id="wholesale-reasons">{reasons.heading}</h2>
        <IconCardList
          className="ui-list wholesale-reasons__list"
          iconClassName="wholesale-reasons__icon"
          cards={REASON_CARDS}
        />
      </section>

      <section id="katalozi" className="wholesale-catalogs" aria-labelledby="wholesale-catalogs">
        <div className="container">
          <header className="wholesale-section-header">
            <h2 id="wholesale-catalogs">{catalogs.heading}</h2>
            <p>{catalogs.lead}</p>
          </header>
          <CatalogPricesNote />
          <ul className="ui-list wholesale-catalogs__grid">
            {CATALOGS.map((catalog, index) => (
              <li key={catalog.file}>
                <CatalogCard catalog={catalog} index={index} />
              </li>
            ))}
            <li>
              <div className="catalog-offer">
                <h3>{catalogs.offerTitle}</h3>
                <p>{catalogs.offerText}</p>
                <a href="#kontakt" className={buttonClassName({ variant: 'accent' })}>
                  {page.contactLink}
                </a>
              </div>
            </li>
          </ul>
        </div>
      </section>

      <div className="container wholesale-bottom">
        <section className="wholesale-services" aria-labelledby="wholesale-services">
          <h2 id="wholesale-services">{services.heading}</h2>
          <CheckList className="ui-list" items={services.items} />
        </section>

        <section id="kontakt" className="wholesale-contact ui-card" aria-labelledby="wholesale-contact">
          <h2 id="wholesale-contact">{labels.heading}</h2>
          <p className="wholesale-contact__lead">{labels.lead}</p>
          <dl className="wholesale-contact__facts">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt>
                  {fact.icon}
                  {fact.label}
                </dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
          <section className="wholesale-contact__hours" aria-labelledby="wholesale-hours">
            <h3 id="wholesale-hours" className="ui-icon-title">
              <ClockIcon size={20} />
              {labels.hours}
            </h3>
            <ul className="ui-list ui-list--large">
              {hourLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        </section>
      </div>
    </div>
  )
}
