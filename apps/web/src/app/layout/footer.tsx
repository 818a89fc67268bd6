import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, StoreIcon } from '../../ui/icons.tsx'
import { BrandMark } from './brand-mark.tsx'
import { MapIllustration } from './map-illustration.tsx'
import { SECTIONS, splitHours, useSiteInfo } from './site-info.ts'

const { footer } = shell

function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** A column of the footer, named by its heading. */
function FooterSection({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="site-footer__heading">
        {heading}
      </h2>
      {children}
    </section>
  )
}

/** A phone or e-mail line of the footer's contact: the icon, and the link whose name says what it is. */
function ContactLine({
  icon,
  href,
  label,
  children,
}: {
  icon: ReactNode
  href: string
  label: string
  children: string
}) {
  return (
    <p>
      {icon}
      <a href={href}>
        <span className="visually-hidden">{label}: </span>
        {children}
      </a>
    </p>
  )
}

export function Footer() {
  const { workHours, company } = useSiteInfo()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about">
          <Link to="/" className="site-footer__brand">
            <BrandMark size={36} />
            <span>
              {company.name}
              <span className="visually-hidden">{shell.homeLinkHint}</span>
            </span>
          </Link>
          <p>{footer.about}</p>
          <ul className="ui-list site-footer__social" aria-label={footer.followHeading}>
            {[
              { href: company.facebook, icon: <FacebookIcon />, label: footer.facebook },
              { href: company.instagram, icon: <InstagramIcon />, label: footer.instagram },
              {
                href: company.marketplaceUrl,
                icon: <StoreIcon />,
                label: format(footer.marketplace, { marketplace: company.marketplaceName }),
              },
            ].map(({ href, icon, label }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {icon}
                  <span>{label}</span>
                  <span className="visually-hidden"> {footer.newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <FooterSection heading={footer.contactHeading}>
          <address className="site-footer__contact">
            <p>
              <MapPinIcon size={18} />
              <span>
                <span className="visually-hidden">{footer.addressLabel}: </span>
                {company.address}
                <br />
                {company.city}
                <br />
                {company.country}
              </span>
            </p>
            <ContactLine icon={<PhoneIcon size={18} />} href={telephoneHref(company.phone)} label={footer.phoneLabel}>
              {company.phone}
            </ContactLine>
            <ContactLine icon={<MailIcon size={18} />} href={`mailto:${company.email}`} label={footer.emailLabel}>
              {company.email}
            </ContactLine>
          </address>
        </FooterSection>

        <FooterSection heading={footer.hoursHeading}>
          <dl className="site-footer__hours">
            {SECTIONS.map((section) => (
              <div key={section}>
                <dt>
                  <ClockIcon size={16} />
                  {footer.sections[section]}
                </dt>
                {splitHours(workHours[section]).map((line) => (
                  <dd key={line}>{line}</dd>
                ))}
              </div>
            ))}
          </dl>
        </FooterSection>

        <FooterSection heading={footer.locationHeading}>
          <a className="map-link" href={company.mapUrl} target="_blank" rel="noopener noreferrer">
            <MapIllustration placeName={footer.mapPlaceName} />
            <span className="ui-overlay-label map-link__label">
              <MapPinIcon size={16} />
              {footer.openMap}
              {/* The visible text is the link's name (WCAG 2.5.3); the new tab is said, not shown. */}
              <span className="visually-hidden"> {footer.newTab}</span>
            </span>
          </a>
        </FooterSection>
      </div>

      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            {format(footer.copyright, { year: new Date().getFullYear(), name: company.name })} {footer.pricesNote}
          </p>
          <nav aria-label={footer.legalLabel}>
            <ul>
              <li>
                <Link to="/TermsOfService">{footer.terms}</Link>
              </li>
              <li>
                <Link to="/PrivacyPolicy">{footer.privacy}</Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
