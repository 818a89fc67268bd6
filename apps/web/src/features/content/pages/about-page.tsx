import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { about } from '@shop/shared/messages/bs/about.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { clearStoreFilters } from '../../../app/layout/store-filters.ts'
import { api } from '../../../lib/api-client.ts'
import { keyedLoad, planOf, useLoad } from '../../../lib/use-load.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { HeroHeading } from '../../../ui/hero-heading.tsx'
import { DescriptionList } from '../../../ui/description-list.tsx'
import { ArrowRightIcon, CompassIcon, HeartIcon, MapPinIcon, TruckIcon, UsersIcon } from '../../../ui/icons.tsx'
import { CheckList } from '../../../ui/check-list.tsx'
import { IconCardList } from '../../../ui/icon-card-list.tsx'
import './about-page.css'

type AboutFacts = { foundedYear: number; taxRefundAbove: number; address: string; city: string; mapUrl: string }

// customer-side.md §1: founded in 2000, tax refund for foreign buyers above 100 KM.
const DEFAULT_FACTS: AboutFacts = {
  foundedYear: 2000,
  taxRefundAbove: 100,
  address: shell.defaultCompany.address,
  city: shell.defaultCompany.city,
  mapUrl: shell.defaultCompany.mapUrl,
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value)
}

/**
 * The company facts of GET /api/settings/company (DECISIONS: one settings object), over the defaults;
 * the page never depends on the settings call (a failure keeps the defaults).
 */
async function fetchAboutFacts(signal: AbortSignal): Promise<AboutFacts> {
  const settings = await api
    .get<Record<string, unknown>>('/api/settings/company', { signal })
    .catch((): Record<string, unknown> => ({}))
  return {
    foundedYear: typeof settings.foundedYear === 'number' ? settings.foundedYear : DEFAULT_FACTS.foundedYear,
    taxRefundAbove:
      typeof settings.taxRefundAbove === 'number' ? settings.taxRefundAbove : DEFAULT_FACTS.taxRefundAbove,
    address: typeof settings.address === 'string' && settings.address ? settings.address : DEFAULT_FACTS.address,
    city: typeof settings.city === 'string' && settings.city ? settings.city : DEFAULT_FACTS.city,
    mapUrl: isHttpUrl(settings.mapUrl) ? settings.mapUrl : DEFAULT_FACTS.mapUrl,
  }
}

const VALUE_CARDS = [
  { key: 'goal', icon: CompassIcon },
  { key: 'values', icon: HeartIcon },
  { key: 'team', icon: UsersIcon },
  { key: 'delivery', icon: TruckIcon },
] as const

const ABOUT_FACTS_LOAD = keyedLoad('about-facts', fetchAboutFacts)
export const loadPlan = planOf(ABOUT_FACTS_LOAD)

/** customer-side.md §2 /about: hero, story, four value cards (goal, values, team, delivery), why choose us. */
export function AboutPage() {
  usePageTitle(about.title)
  // The defaults until the server answers (a server-rendered page has the answer embedded).
  const facts = useLoad(ABOUT_FACTS_LOAD.load, ABOUT_FACTS_LOAD.key).data ?? DEFAULT_FACTS
  const year = facts.foundedYear
  const amount = facts.taxRefundAbove

  return (
    <div className="about-page">
      <section className="ui-hero about-hero" aria-labelledby="about-title">
        <div className="container">
          <HeroHeading
            eyebrow={format(about.eyebrow, { year })}
            title={about.title}
            titleId="about-title"
            lead={format(about.lead, { year })}
          >
            <p className="about-hero__heading">{about.heading}</p>
          </HeroHeading>
        </div>
      </section>

      <div className="container">
        <DescriptionList
          className="ui-facts about-facts"
          aria-label={about.facts.label}
          items={[
            { term: about.facts.founded.label, details: format(about.facts.founded.value, { year }) },
            { term: about.facts.sections.label, details: about.facts.sections.value },
            { term: about.facts.delivery.label, details: about.facts.delivery.value },
            { term: about.facts.taxRefund.label, details: format(about.facts.taxRefund.value, { amount }) },
          ]}
        />

        <section className="about-story" aria-labelledby="about-story-title">
          <h2 id="about-story-title">{about.storyHeading}</h2>
          {about.story.map((paragraph) => (
            <p key={paragraph}>{format(paragraph, { year })}</p>
          ))}
        </section>

        <section className="about-values" aria-labelledby="about-values-title">
          <h2 id="about-values-title">{about.valuesHeading}</h2>
          <IconCardList
            className="ui-list"
            cardClassName="about-value"
            iconClassName="ui-icon-tile about-value__icon"
            cards={VALUE_CARDS.map(({ key, icon: Icon }) => ({
              key,
              icon: <Icon size={26} />,
              title: about.values[key].title,
              text: about.values[key].text,
            }))}
          />
        </section>

        <div className="about-why-grid">
          <section className="ui-panel about-why" aria-labelledby="about-why-title">
            <h2 id="about-why-title">{about.whyHeading}</h2>
            <CheckList className="ui-list" items={about.why.map((reason) => format(reason, { amount }))} />
            <Link to="/store" onClick={clearStoreFilters} className={buttonClassName({ variant: 'accent' })}>
              {about.toStore}
              <ArrowRightIcon size={18} />
            </Link>
          </section>

          <section className="ui-panel" aria-labelledby="about-location-title">
            <h2 id="about-location-title">{about.locationHeading}</h2>
            <p>
              {facts.address}, {facts.city}
            </p>
            {/* A drawn map and a link: nothing is loaded from a map service's host. */}
            <a className="about-map" href={facts.mapUrl} target="_blank" rel="noopener noreferrer">
              <svg viewBox="0 0 320 180" aria-hidden="true" focusable="false">
                <rect width="320" height="180" fill="#e2f0e8" />
                <path d="M0 130c60-20 90 10 150-10s110-60 170-40v100H0z" fill="#bfdccd" />
                <path d="M-10 60c80 10 120 60 200 40s100-10 140 0" stroke="#fff" strokeWidth="10" fill="none" />
                <path d="M90 -10c10 60 30 120 10 200" stroke="#fff" strokeWidth="6" fill="none" />
                <path d="M210 0c-10 50 10 110 50 180" stroke="#f6d9a4" strokeWidth="6" fill="none" />
                <circle cx="170" cy="86" r="30" fill="#f0a32a" opacity="0.2" />
                <path d="M170 104s-16-14-16-26a16 16 0 0 1 32 0c0 12-16 26-16 26z" fill="#1c6e4b" />
                <circle cx="170" cy="78" r="6" fill="#fff" />
              </svg>
              <span className="ui-overlay-label about-map__label">
                <MapPinIcon size={16} />
                {about.mapPlaceName} · {about.openMap}
                {/* The visible text is the link's name (WCAG 2.5.3); the new tab is said, not shown. */}
                <span className="visually-hidden"> {shell.footer.newTab}</span>
              </span>
            </a>
          </section>
        </div>
      </div>
    </div>
  )
}
