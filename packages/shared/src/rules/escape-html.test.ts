import { describe } from 'vitest'
import { escapeHtml } from './escape-html.ts'
import { itReturns } from './test-support.ts'

describe('escapeHtml', () => {
  itReturns(escapeHtml, 'escapeHtml(%j) is %j', [
    ['plain text', 'plain text'],
    ['Čevapi & pita', 'Čevapi &amp; pita'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['" onmouseover="x', '&quot; onmouseover=&quot;x'],
    ["O'Brien", 'O&#39;Brien'],
    // An entity already in the text is text too: it is escaped again, never trusted.
    ['&amp;', '&amp;amp;'],
    ['', ''],
  ])
})
