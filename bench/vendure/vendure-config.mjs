// Vendure 3.7.3 as the bench runs it (bench/vendure/list.ts; docs/decisions-vendure.md): PostgreSQL, the
// DefaultSearchPlugin with stock in its index, nothing else (no email, no asset server, no admin UI): pictures are
// addresses only.
import { DefaultSearchPlugin, dummyPaymentHandler } from '@vendure/core'

// No usage report from a bench to Vendure's telemetry (read when Vendure starts).
process.env.VENDURE_DISABLE_TELEMETRY = 'true'

/**
 * The pictures' addresses as they are stored (our API answers /uploads/... the same way); the bench neither stores
 * nor serves a file, so no AssetServerPlugin. Without a strategy Vendure refuses to give an asset's preview.
 * @type {import('@vendure/core').AssetStorageStrategy}
 */
const addressesOnly = {
  toAbsoluteUrl: (_request, identifier) => identifier,
  writeFileFromBuffer: async () => {
    throw new Error('the bench stores no asset')
  },
  writeFileFromStream: async () => {
    throw new Error('the bench stores no asset')
  },
  readFileToBuffer: async () => {
    throw new Error('the bench serves no asset')
  },
  readFileToStream: async () => {
    throw new Error('the bench serves no asset')
  },
  deleteFile: async () => {},
  fileExists: async () => false,
}

/**
 * The configuration for `database` on the PostgreSQL server at `postgresUrl` (postgres://user@host:port), the Shop
 * API on `port`. The schema comes from the entities (synchronize): a bench database, not a shop's.
 * @param {{ postgresUrl: string, database: string, port: number }} options
 * @returns {import('@vendure/core').VendureConfig}
 */
export function vendureConfig({ postgresUrl, database, port }) {
  const server = new URL(postgresUrl)
  return {
    apiOptions: { port, adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
    authOptions: {
      tokenMethod: ['bearer', 'cookie'],
      superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
      cookieOptions: { secret: 'bench' },
    },
    dbConnectionOptions: {
      type: 'postgres',
      host: server.hostname,
      port: Number(server.port || 5432),
      username: decodeURIComponent(server.username || 'postgres'),
      password: decodeURIComponent(server.password),
      database,
      synchronize: true,
      logging: false,
    },
    assetOptions: { assetStorageStrategy: addressesOnly },
    paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
    plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true })],
  }
}
