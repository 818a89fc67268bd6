import { describe, expect, it } from 'vitest'
import { parseDescription } from './description.ts'

describe('parseDescription', () => {
  it("turns '- ' and '* ' lines into bullet lists and other lines into paragraphs", () => {
    const text =
      'Kabel s utikačem.\n\nKarakteristike:\n- Bakreni vodiči\n- Izolacija\n\nNapomena:\n* Rezanje u trgovini\n*bez razmaka'
    expect(parseDescription(text)).toEqual([
      { kind: 'paragraph', text: 'Kabel s utikačem.' },
      { kind: 'paragraph', text: 'Karakteristike:' },
      { kind: 'list', items: ['Bakreni vodiči', 'Izolacija'] },
      { kind: 'paragraph', text: 'Napomena:' },
      { kind: 'list', items: ['Rezanje u trgovini'] },
      { kind: 'paragraph', text: '*bez razmaka' },
    ])
  })

  it('keeps a hyphenated word and a negative number as text', () => {
    expect(parseDescription('-5 °C do 40 °C\nbušilica-odvijač')).toEqual([
      { kind: 'paragraph', text: '-5 °C do 40 °C' },
      { kind: 'paragraph', text: 'bušilica-odvijač' },
    ])
  })

  it('answers nothing for an empty description', () => {
    expect(parseDescription(null)).toEqual([])
    expect(parseDescription('\n \n')).toEqual([])
  })
})
