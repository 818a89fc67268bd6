import { escapeHtml } from '@shop/shared/rules/escape-html.ts'

/**
 * The map's drawing, written as the markup React would write for it: the server render writes it as one piece instead
 * of thirty elements on every page (docs/decisions.md, 'A render that costs little'); the browser draws the same.
 */
const DRAWING = [
  '<rect width="320" height="180" fill="#e6eee0"></rect>',
  '<path d="M0 0h320v38c-52 10-96-14-150-2S54 52 0 40z" fill="#d7e5cc"></path>',
  '<path d="M0 128c58-18 104 20 170-2s110-30 150-14v68H0z" fill="#d3e2c8"></path>',
  '<g fill="#cadcbc">',
  '<rect x="22" y="56" width="52" height="28" rx="5"></rect>',
  '<rect x="84" y="50" width="38" height="24" rx="5"></rect>',
  '<rect x="230" y="44" width="60" height="30" rx="5"></rect>',
  '<rect x="244" y="118" width="46" height="24" rx="5"></rect>',
  '<rect x="30" y="104" width="44" height="20" rx="5"></rect>',
  '</g>',
  '<path d="M-10 160c60-22 96 14 160-6s118-40 180-18" fill="none" stroke="#a8cbe0" stroke-width="11" stroke-linecap="round"></path>',
  '<g fill="none" stroke-linecap="round" stroke-linejoin="round">',
  '<path d="M-6 98c70-4 112-26 176-16s104 26 156 6" stroke="#d6cfbc" stroke-width="12"></path>',
  '<path d="M-6 98c70-4 112-26 176-16s104 26 156 6" stroke="#fffdf7" stroke-width="8"></path>',
  '<path d="M146-6c-4 36 20 56 24 88s-10 62-2 104" stroke="#d6cfbc" stroke-width="9"></path>',
  '<path d="M146-6c-4 36 20 56 24 88s-10 62-2 104" stroke="#fffdf7" stroke-width="5.5"></path>',
  '<path d="M170 82c-22-12-48-14-80-34" stroke="#fffdf7" stroke-width="4"></path>',
  '</g>',
  '<g fill="#b7a98c">',
  '<rect x="182" y="94" width="10" height="8" rx="1.5"></rect>',
  '<rect x="196" y="98" width="8" height="8" rx="1.5"></rect>',
  '<rect x="152" y="60" width="9" height="8" rx="1.5"></rect>',
  '<rect x="186" y="62" width="11" height="8" rx="1.5"></rect>',
  '<rect x="140" y="96" width="8" height="7" rx="1.5"></rect>',
  '</g>',
  '<ellipse cx="170" cy="84" rx="11" ry="3.5" fill="rgb(11 42 29 / 0.22)"></ellipse>',
  '<path d="M170 84c-3-8-14-14-14-27a14 14 0 0 1 28 0c0 13-11 19-14 27z" fill="#c27803" stroke="#fff" stroke-width="2"></path>',
  '<circle cx="170" cy="57" r="5.5" fill="#fff"></circle>',
].join('')

/** A drawn map (no tiles from a map service, which the shop would have to load from elsewhere). */
export function MapIllustration({ placeName }: { placeName: string }) {
  const label =
    `<g font-family="system-ui, sans-serif" font-weight="700">` +
    `<rect x="190" y="42" width="${placeName.length * 9 + 18}" height="24" rx="12" fill="#fff" stroke="#d6cfbc"></rect>` +
    `<text x="199" y="59" font-size="14" fill="#0f3a28">${escapeHtml(placeName)}</text></g>`
  return (
    <svg
      className="map-illustration"
      viewBox="0 0 320 180"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
      dangerouslySetInnerHTML={{ __html: DRAWING + label }}
    />
  )
}
