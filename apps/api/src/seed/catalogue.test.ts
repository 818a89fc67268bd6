import { describe, expect, it } from 'vitest'
import { buildCatalogue } from './catalogue.ts'

// docs/decisions.md, 'Walk-through fixes': the demo's option codes stand for codes staff have typed, so they keep the
// option's own spelling ('100431-2700K' beside the label '2700K'), never a lower-cased copy.
describe('demo catalogue option codes', () => {
  const { products } = buildCatalogue()
  const options = products.flatMap((product) => product.options.map((option) => ({ product, option })))

  it('are the product code and the option as written', () => {
    expect(options.length).toBeGreaterThan(0)
    for (const { product, option } of options) expect(option.customId).toBe(`${product.customId}-${option.size}`)
  })

  it('keep capitals where the label has them', () => {
    const capitalised = options.filter(({ option }) => option.size !== option.size.toLowerCase())
    expect(capitalised.length).toBeGreaterThan(0)
    for (const { option } of capitalised) expect(option.customId).not.toBe(option.customId.toLowerCase())
  })
})
