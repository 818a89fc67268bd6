/**
 * The mark's drawing, written as the markup React would write for it: one piece for the server render instead of seven
 * elements, twice on every page (docs/decisions.md, 'A render that costs little'); the browser draws the same.
 */
const DRAWING = [
  '<defs>',
  '<linearGradient id="brand-mark-fill" x1="0" y1="0" x2="1" y2="1">',
  '<stop offset="0" stop-color="#23835a"></stop>',
  '<stop offset="1" stop-color="#0f3a28"></stop>',
  '</linearGradient>',
  '</defs>',
  '<rect width="40" height="40" rx="11" fill="url(#brand-mark-fill)"></rect>',
  '<path d="M8.5 19.5 20 10.5l11.5 9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path>',
  '<path d="M12.5 18v11h15V18" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"></path>',
  '<circle cx="20" cy="23.2" r="3.3" fill="#f0a32a"></circle>',
].join('')

/** The shop's mark: a shop roof over an amber lamp, on the brand green (the same drawing as favicon.svg). */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: DRAWING }}
    />
  )
}
