import { describe, expect, it } from 'vitest'
import { privacy, terms, type LegalDocument } from './legal.ts'

function text(document: LegalDocument): string {
  return [
    document.intro,
    ...document.sections.flatMap((section) => [...(section.paragraphs ?? []), ...(section.points ?? [])]),
  ].join('\n')
}

// staff-and-content.md §1: the company facts the legal pages state.
describe('legal pages', () => {
  it('state every company fact of the specification', () => {
    const all = `${text(terms)}\n${text(privacy)}`
    expect(all).toMatch(/Sovići/)
    expect(all).toMatch(/Grude/)
    expect(text(terms)).toMatch(/isključivo pouzećem .* osobnom preuzimanju/)
    expect(text(terms)).toMatch(/karticama nije moguće/)
    expect(text(terms)).toMatch(/cijele Bosne i Hercegovine/)
    expect(text(terms)).toMatch(/od 2 do 7 radnih dana/)
    expect(text(terms)).toMatch(/u roku od 15 dana/)
    expect(text(terms)).toMatch(/Pogrešnu .* u roku od 7 dana/)
    expect(text(terms)).toMatch(/Povrat novca ili zamjenu .* u roku od 30 dana/)
    expect(text(terms)).toMatch(/najmanje 18 godina/)
    expect(text(privacy)).toMatch(/zahtjev u vezi s podacima odgovaramo u roku od 30 dana/)
    expect(text(terms)).toMatch(/uključuju PDV/)
  })
})
