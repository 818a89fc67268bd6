import { describe, expect, it } from 'vitest'
import { escapeHtml } from './escape-html.ts'

describe('escapeHtml', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Čevapi & pita', 'Čevapi &amp; pita'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['" onmouseover="x', '&quot; onmouseover=&quot;x'],
    ["O'Brien", 'O&#39;Brien'],
    // An entity already in the text is text too: it is escaped again, never trusted.
    ['&amp;', '&amp;amp;'],
    ['', ''],
  ])('escapeHtml(%j) is %j', (value, expected) => {
    expect(escapeHtml(value)).toBe(expected)
  })
})
