import { describe, expect, it } from 'vitest'
import { pdfText } from '../../../test/support/pdf-text.ts'
import { fitText, textWidth, writePdf } from './pdf.ts'

describe('textWidth and fitText', () => {
  it('measures with the font the text is drawn in', () => {
    expect(textWidth('0000', 'regular', 10)).toBeGreaterThan(15)
    expect(textWidth('0000', 'regular', 20)).toBeCloseTo(2 * textWidth('0000', 'regular', 10))
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
  it('prints Bosnian letters and Cyrillic exactly as typed, one page per page given', async () => {
    const pdf = await writePdf(
      [
        [{ kind: 'text', x: 40, y: 800, size: 12, font: 'bold', text: 'Suncobrani Čađa ćšž ŠŽĐ' }],
        [{ kind: 'text', x: 40, y: 800, size: 10, font: 'regular', text: 'Бушилица ђ џ љ њ' }],
      ],
      { title: 'Kotači', author: 'Trgovina' },
    )
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    expect(text).toContain('Suncobrani Čađa ćšž ŠŽĐ')
    expect(text).toContain('Бушилица ђ џ љ њ')
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(2)
  })
})
