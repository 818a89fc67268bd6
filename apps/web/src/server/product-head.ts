import { priceSource, publicPrice } from '@shop/shared/rules/pricing.ts'
import { isOptionOutOfStock, isOutOfStock } from '@shop/shared/rules/stock.ts'
import { ApiError } from '../lib/api-client.ts'
import { fetchProduct, type Product } from '../features/catalogue/api/catalogue.ts'
import { primaryImageUrl } from '../features/catalogue/images.ts'
import { productNotFoundHead, trimDescription, type DescribedPage, type HeadContext } from './page-head.ts'
import { seo } from '@shop/shared/messages/bs/seo.ts'
import { formatPageTitle } from '../lib/use-page-title.ts'

// The product page's head: title, description, Open Graph picture and schema.org Product data, made
// from the same answer of GET /api/products/:id the page renders (the server render shares one read).

const availability = (isAvailable: boolean) =>
  isAvailable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'

export async function describePage({ params, publicUrl, canonical, canonicalOf }: HeadContext): Promise<DescribedPage> {
  let product: Product
  try {
    product = await fetchProduct(params.id ?? '')
  } catch (error) {
    // An id the API refuses (400) is an address without a product too.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return { status: 404, head: productNotFoundHead(canonical) }
    }
    throw error
  }
  // The product's own address (by id), also when it was opened by its customId.
  const url = canonicalOf({ id: product.id })
  const imageUrl = primaryImageUrl(product)
  // With S3_PUBLIC_URL an image URL is already absolute (the bucket's or CDN's address).
  const image = imageUrl ? (/^https?:\/\//i.test(imageUrl) ? imageUrl : `${publicUrl}${imageUrl}`) : undefined
  const description = trimDescription(product.short_description || product.description || seo.defaultDescription)
  return {
    status: 200,
    head: {
      title: formatPageTitle(product.name),
      description,
      canonical: url,
      image,
      type: 'product',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.customId,
        description,
        ...(image ? { image: [image] } : {}),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        ...(product.category ? { category: product.category } : {}),
        offers: productOffers(product, url),
      },
    },
  }
}

/**
 * One Offer for a product without options; for a product with options (each may have its own
 * price) an AggregateOffer with the range and one Offer per option, so that search engines never
 * show a single price for options that cost 24.90–54.90 KM. Public prices: the page is a guest's.
 */
function productOffers(product: Product, url: string): Record<string, unknown> {
  const offer = { priceCurrency: 'BAM', itemCondition: 'https://schema.org/NewCondition', url }
  const isAvailable = !isOutOfStock(product)
  if (!product.has_sizes || product.size_stock.length === 0) {
    const price = publicPrice(product).unitPrice
    return { '@type': 'Offer', ...offer, price: price.toFixed(2), availability: availability(isAvailable) }
  }
  const offers = product.size_stock.map((option) => ({
    '@type': 'Offer',
    ...offer,
    name: option.size,
    price: publicPrice(priceSource(product, option)).unitPrice.toFixed(2),
    availability: availability(!isOptionOutOfStock(option)),
  }))
  const prices = offers.map((option) => Number(option.price))
  return {
    '@type': 'AggregateOffer',
    priceCurrency: 'BAM',
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: offers.length,
    availability: availability(isAvailable),
    offers,
  }
}
