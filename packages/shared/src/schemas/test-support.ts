import type { z } from 'zod'
import type { CatalogueProduct } from './catalogue.ts'

/** The message a failed parse answers, the first issue's as the API answers it; undefined when `input` passes. */
export function firstIssueMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** A customer's name, phone and address as the account form holds them (the country is not typed). */
export const CUSTOMER_CONTACT = {
  full_name: 'Ana Kovač',
  phone_number: '+387 63 123 456',
  street_address: 'Sovići bb',
  city: 'Grude',
  state: 'Zapadno-Hercegovački kanton',
  zip_code: '88340',
}

/** The same with the country, valid wherever they are taken: registration, the profile, an answer. */
export const CUSTOMER_ADDRESS = { ...CUSTOMER_CONTACT, country: 'Bosna i Hercegovina' }

/** A checkout's delivery address, valid for a courier delivery (country left to the server). */
export const DELIVERY_ADDRESS = {
  full_name: 'Ana Anić',
  phone_number: '+387 61 123 456',
  street_address: 'Kralja Tvrtka 1',
  city: 'Mostar',
  state: 'Hercegovačko-neretvanski kanton',
  zip_code: '88000',
}

/**
 * A product as GET /api/products/{id} answers it (customer-side.md §3 Product): one piece ('kom') without
 * options, images or brand, 3 in stock; a test overrides what it is about.
 */
export function catalogueProductOf(fields: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: 'a1',
    _id: 'a1',
    customId: '100001',
    name: 'Aku bušilica',
    short_description: null,
    description: null,
    price: 199,
    discount_price: null,
    images: [],
    categoryId: 'c1',
    brandId: null,
    category: 'Alati',
    brand: null,
    has_sizes: false,
    sizes: [],
    size_stock: [],
    stock: 3,
    infinite_stock: false,
    featured: false,
    recommended: false,
    specifications: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    unit: 'kom',
    no_line_limit: false,
    weight_kg: null,
    ...fields,
  }
}
