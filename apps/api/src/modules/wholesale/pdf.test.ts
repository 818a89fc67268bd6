import { describe, expect, it } from 'vitest'
import { fitText, pdfString, textWidth, writePdf } from './pdf.ts'

describe('pdfString', () => {
  it('puts the Bosnian letters on the codes of the fonts’ encoding and escapes the string delimiters', () => {
    // Č č Ć ć Đ đ through /Differences; Š š Ž ž are WinAnsi's own.
    expect(pdfString('ČčĆćĐđŠšŽž')).toBe('(\\201\\215\\217\\220\\320\\360\\212\\232\\216\\236)')
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)')
    expect(pdfString('€ – ü')).toBe('(\\200 \\226 \\374)')
  })

  it('shows a character the fonts cannot draw as a question mark', () => {
    expect(pdfString('Ω✓')).toBe('(??)')
  })
})

describe('textWidth and fitText', () => {
  it('measures with the Helvetica metrics, accented letters as their base letter', () => {
    expect(textWidth('0000', 'regular', 10)).toBeCloseTo(22.24)
    expect(textWidth('č', 'regular', 10)).toBe(textWidth('c', 'regular', 10))
    expect(textWidth('Wi', 'bold', 10)).toBeGreaterThan(textWidth('Wi', 'regular', 10))
  })

  it('cuts a long text with an ellipsis so that it fits', () => {
    const long = 'Kutija za alat Stanley FatMax s kotačima i teleskopskom ručkom'
    const cut = fitText(long, 'regular', 10, 120)
    expect(cut.endsWith('…')).toBe(true)
    expect(textWidth(cut, 'regular', 10)).toBeLessThanOrEqual(120)
    expect(fitText('Čekić', 'regular', 10, 120)).toBe('Čekić')
  })
})

describe('writePdf', () => {
  it('writes one page object per page and the document title in UTF-16', () => {
    const pdf = writePdf([[{ kind: 'text', x: 40, y: 800, size: 12, font: 'bold', text: 'Suncobrani' }], []], {
      title: 'Kotači',
      author: 'Trgovina',
    }).toString('latin1')
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf.match(/\/Type \/Page /g)).toHaveLength(2)
    expect(pdf).toContain('/Count 2')
    expect(pdf).toContain('/Title <FEFF004b006f00740061010d0069>')
    expect(pdf).toContain('/F2 12 Tf 40 800 Td (Suncobrani) Tj')
  })
})
