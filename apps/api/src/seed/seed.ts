import { randomUUID } from 'node:crypto'
import argon2 from 'argon2'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../platform/config.ts'
import type { Database } from '../platform/db.ts'
import { createStorage } from '../platform/storage.ts'
import { SYSTEM_ACTOR } from '../platform/actor.ts'
import { nameStockChange } from '../modules/catalogue/stock-reason.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { buildCatalogue } from './catalogue.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-data/accounts.ts'
import { DEMO_ORDERS, SALE, SLIDES } from './demo-data/marketing.ts'
import { COMPANY_SETTINGS, shippingSettings, WORK_HOURS } from './demo-data/settings.ts'
import { generateDemoImages } from './demo-images.ts'
import { buildDemoOrders } from './demo-orders.ts'
import {
  bumpCatalogueVersion,
  hasAnyUser,
  insertAccounts,
  insertCatalogue,
  insertOrders,
  insertRestaurant,
  insertSale,
  insertSettings,
  insertSlides,
  lockSeed,
  lockSeedStart,
  type SlideRow,
} from './repo.ts'

const DAY = 24 * 60 * 60 * 1000
const CUSTOMER_EMAIL = 'kupac@demo.ba'

export type SeedResult = { isLoaded: boolean; products: number; images: number; milliseconds: number }

/**
 * Loads the demo shop into an empty database (no users) when SEED=demo, the default. The pictures
 * are drawn and stored first, then every row is written in one transaction: a seed that fails
 * leaves no rows behind and removes its pictures. Two processes starting on one empty database
 * wait for each other through an advisory lock, and the second finds the shop loaded.
 */
export async function seedIfEmpty(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  options: { now?: Date } = {},
): Promise<SeedResult> {
  if (config.seed !== 'demo') return SKIPPED
  if (await hasAnyUser(db)) return SKIPPED
  if (db.kind === 'pglite') return loadDemoShop(db, config, log, options)
  // docs/decisions.md, 'Several processes': API processes that start together on one empty PostgreSQL database queue
  // here for the whole load, so that only the first draws and stores the pictures (minutes of CPU and many uploads to
  // S3); the others then find the shop loaded. The lock is held by a transaction that writes nothing; the load itself
  // still takes lockSeed in its own transaction. (PGlite serves one process only, and its single connection could not
  // hold both transactions.)
  return db.transaction(async (client) => {
    await lockSeedStart(client)
    if (await hasAnyUser(db)) {
      log.info('another process loaded the demo shop first')
      return SKIPPED
    }
    return loadDemoShop(db, config, log, options)
  })
}

const SKIPPED: SeedResult = { isLoaded: false, products: 0, images: 0, milliseconds: 0 }

async function loadDemoShop(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  { now = new Date() }: { now?: Date },
): Promise<SeedResult> {
  const skipped = SKIPPED
  const started = performance.now()
  log.info('empty database: loading the demo shop')
  // A line per step, for an operator watching the first start (docs/decisions.md, Operations).
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const stepStarted = performance.now()
    const result = await work()
    const stepMilliseconds = Math.round(performance.now() - stepStarted)
    log.info({ step: name, milliseconds: stepMilliseconds }, `demo shop: ${name} (${stepMilliseconds} ms)`)
    return result
  }

  const storage = createStorage(config)
  const catalogue = buildCatalogue()
  const [images, accounts] = await Promise.all([
    step('images made and stored', () => generateDemoImages(storage, catalogue, SLIDES)),
    Promise.all(
      DEMO_ACCOUNTS.map(async (account) => ({
        ...account,
        id: randomUUID(),
        passwordHash: await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id }),
      })),
    ),
  ])

  const customer = accounts.find((account) => account.email === CUSTOMER_EMAIL)
  if (!customer) throw new Error(`The demo accounts must include ${CUSTOMER_EMAIL}`)
  const shipping = shippingSettings(now.toISOString())
  const orders = buildDemoOrders(DEMO_ORDERS, catalogue.products, customer, shipping, now)
  const slides: SlideRow[] = SLIDES.map((slide, order) => {
    const category = slide.category ? catalogue.categories.find((each) => each.key === slide.category) : undefined
    return {
      title: slide.title,
      description: slide.description,
      imageUrl: images.slides[order]?.desktop ?? '',
      mobileImageUrl: images.slides[order]?.mobile ?? '',
      link: category ? `/store?category=${category.id}` : '/store',
      categoryId: category?.id ?? null,
      order,
    }
  })
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())

  let isLoaded: boolean
  try {
    isLoaded = await db.transaction(async (client) => {
      await lockSeed(client)
      if (await hasAnyUser(client)) return false
      // docs/decisions.md, 'Stock ledger': the demo stock opens each product's ledger.
      await nameStockChange(client, SYSTEM_ACTOR, 'correction', messages.stockLedger.reasons.opening)
      await step(`${catalogue.products.length} products written`, () => insertCatalogue(client, catalogue, images, now))
      await step('sale written', () =>
        insertSale(client, catalogue, {
          title: SALE.title,
          description: SALE.description,
          startDate: new Date(startOfToday - SALE.startsDaysAgo * DAY),
          endDate: new Date(startOfToday + (SALE.endsInDays + 1) * DAY - 1000),
        }),
      )
      await step('slides, settings and work hours written', async () => {
        await insertSlides(client, slides)
        await insertSettings(client, { shipping, company: COMPANY_SETTINGS }, WORK_HOURS)
      })
      await step('restaurant menu written', () => insertRestaurant(client, catalogue, images))
      await step(`${accounts.length} accounts and ${orders.length} orders written`, async () => {
        await insertAccounts(client, accounts)
        await insertOrders(client, customer.id, customer.email, orders)
      })
      await bumpCatalogueVersion(client)
      return true
    })
  } catch (error) {
    await images.remove()
    throw error
  }
  const milliseconds = Math.round(performance.now() - started)
  const imageCount =
    [...images.products.values()].reduce((sum, urls) => sum + urls.length, 0) +
    images.brands.size +
    images.slides.length * 2 +
    images.menuItems.size
  if (!isLoaded) {
    await images.remove()
    log.info('another process loaded the demo shop first')
    return skipped
  }
  log.info(
    {
      products: catalogue.products.length,
      images: imageCount,
      milliseconds,
      accounts: accounts.map((account) => account.email),
    },
    `demo shop loaded; sign in with any demo account and the password ${DEMO_PASSWORD}`,
  )
  return { isLoaded: true, products: catalogue.products.length, images: imageCount, milliseconds }
}
