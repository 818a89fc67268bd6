import { escapeHtml } from '@shop/shared/rules/escape-html.ts'
import { ILLUSTRATIONS, type IllustrationKind, type Palette } from './illustrations.ts'
import type { DishPicture } from './demo-data/restaurant.ts'

// The SVG compositions of the demo pictures: product cards, brand wordmarks, home page slides
// and restaurant dishes. sharp renders them (librsvg); nothing is downloaded.

const FONT = `font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif"`
const INK = '#0f172a'

export const PRODUCT_SIZE = 1024

type IconPlace = [x: number, y: number, size: number]
type TextLines = { perLine: number; maxLines: number; fontSize: number; lineHeight: number }
type SlideLayout = {
  width: number
  height: number
  /** Where the texts and the button begin. */
  left: number
  /** The shop's name, `above` the title's first line. */
  kicker: { fontSize: number; above: number }
  /** The title's first line stands at `top`, or at `topOfLonger` when the title wraps. */
  title: TextLines & { top: number; topOfLonger: number }
  /** The description begins `below` the title's last line, the button `below` the description's. */
  description: TextLines & { below: number }
  button: { fontSize: number; below: number }
  /** White discs behind the drawings. */
  discs: [cx: number, cy: number, r: number, opacity: string][]
  /** x, y and size of the three drawings: the first in the slide's colour, the others darker. */
  icons: [IconPlace, IconPlace, IconPlace]
}

export const SLIDE_DESKTOP: SlideLayout = {
  width: 1920,
  height: 700,
  left: 150,
  kicker: { fontSize: 30, above: 90 },
  title: { perLine: 22, maxLines: 2, fontSize: 84, lineHeight: 92, top: 290, topOfLonger: 250 },
  description: { perLine: 48, maxLines: 2, fontSize: 36, lineHeight: 48, below: 84 },
  button: { fontSize: 40, below: 56 },
  discs: [
    [1400, 370, 250, '.96'],
    [1750, 190, 115, '.9'],
    [1740, 540, 105, '.9'],
  ],
  icons: [
    [1230, 200, 340],
    [1673, 113, 154],
    [1668, 468, 144],
  ],
}

export const SLIDE_MOBILE: SlideLayout = {
  width: 1080,
  height: 1350,
  left: 90,
  kicker: { fontSize: 32, above: 120 },
  title: { perLine: 18, maxLines: 3, fontSize: 88, lineHeight: 96, top: 280, topOfLonger: 280 },
  description: { perLine: 34, maxLines: 3, fontSize: 40, lineHeight: 52, below: 90 },
  button: { fontSize: 44, below: 64 },
  discs: [
    [600, 1040, 250, '.96'],
    [250, 1180, 120, '.9'],
    [930, 800, 110, '.9'],
  ],
  icons: [
    [430, 870, 340],
    [170, 1100, 160],
    [855, 725, 150],
  ],
}

export const LOGO = { width: 640, height: 320 }
export const DISH = { width: 1024, height: 768 }

export function palette(colour: string): Palette {
  const isLight = luminance(colour) > 0.55
  return {
    body: colour,
    shade: mix(colour, '#000000', 0.2),
    dark: '#1f2937',
    metal: '#cbd5e1',
    metalShade: '#94a3b8',
    light: '#f8fafc',
    accent: isLight ? '#334155' : '#fbbf24',
  }
}

function icon(kind: IllustrationKind, colour: string, x: number, y: number, size: number): string {
  return `<g transform="translate(${x} ${y}) scale(${size / 400})">${ILLUSTRATIONS[kind](palette(colour))}</g>`
}

/** The first picture of a product: its drawing on the category's colour, with brand and name. */
export function productCardSvg(input: {
  kind: IllustrationKind
  colour: string
  categoryColour: string
  name: string
  brandName: string | null
}): string {
  const { kind, colour, categoryColour, name, brandName } = input
  const fontSize = name.length > 44 ? 40 : 46
  const lines = wrapText(name, Math.floor(800 / (fontSize * 0.56)), 2)
  const nameTop = brandName ? 868 : 846
  const nameLines = lines
    .map(
      (line, index) =>
        `<text x="112" y="${nameTop + index * (fontSize + 10)}" ${FONT} font-size="${fontSize}" font-weight="700" fill="${INK}">${escapeHtml(line)}</text>`,
    )
    .join('')
  return svg(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    `
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${mix(categoryColour, '#ffffff', 0.9)}"/>
    <stop offset="1" stop-color="${mix(categoryColour, '#ffffff', 0.74)}"/></linearGradient></defs>
  <rect width="1024" height="1024" fill="url(#bg)"/>
  <circle cx="512" cy="410" r="320" fill="${mix(categoryColour, '#ffffff', 0.62)}" opacity=".6"/>
  <circle cx="900" cy="110" r="70" fill="${categoryColour}" opacity=".10"/>
  <circle cx="120" cy="640" r="36" fill="${categoryColour}" opacity=".12"/>
  <ellipse cx="512" cy="690" rx="230" ry="22" fill="#0f172a" opacity=".08"/>
  ${icon(kind, colour, 252, 150, 520)}
  <rect x="72" y="${brandName ? 760 : 770}" width="880" height="${brandName ? 200 : 190}" rx="36" fill="#ffffff" opacity=".94"/>
  <rect x="72" y="${brandName ? 760 : 770}" width="14" height="${brandName ? 200 : 190}" rx="7" fill="${categoryColour}"/>
  ${brandName ? `<text x="112" y="812" ${FONT} font-size="30" font-weight="700" letter-spacing="4" fill="${mix(colour, INK, 0.25)}">${escapeHtml(brandName.toUpperCase())}</text>` : ''}
  ${nameLines}`,
  )
}

/** A second picture shared by products of one kind and colour: the drawing alone, as in a studio. */
export function productStudioSvg(kind: IllustrationKind, colour: string): string {
  return svg(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    `
  <defs><radialGradient id="bg" cx=".5" cy=".42" r=".7">
    <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e2e8f0"/></radialGradient></defs>
  <rect width="1024" height="1024" fill="url(#bg)"/>
  <ellipse cx="512" cy="880" rx="330" ry="34" fill="#0f172a" opacity=".10"/>
  ${icon(kind, colour, 172, 150, 680)}`,
  )
}

/** A third picture: a close-up of the drawing on the product's colour. */
export function productDetailSvg(kind: IllustrationKind, colour: string): string {
  return svg(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    `
  <rect width="1024" height="1024" fill="${mix(colour, '#ffffff', 0.82)}"/>
  <circle cx="600" cy="560" r="560" fill="${mix(colour, '#ffffff', 0.7)}"/>
  <circle cx="600" cy="560" r="400" fill="#ffffff" opacity=".55"/>
  ${icon(kind, colour, 40, 80, 1150)}`,
  )
}

/** A brand's wordmark (not its trademark): the name set in the brand's colour. */
export function brandLogoSvg(name: string, colour: string, style: number): string {
  const fontSize = name.length > 8 ? 84 : 104
  const text = (fill: string, extra = '') =>
    `<text x="320" y="${160 + fontSize * 0.35}" ${FONT} font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="${fill}" ${extra}>${escapeHtml(name)}</text>`
  const body =
    style % 3 === 0
      ? `<rect x="40" y="70" width="560" height="180" rx="28" fill="${colour}"/>${text('#ffffff')}`
      : style % 3 === 1
        ? `${text(colour, 'font-style="italic" letter-spacing="-2"')}<rect x="250" y="246" width="140" height="12" rx="6" fill="${colour}"/>`
        : `<rect x="44" y="74" width="552" height="172" rx="86" fill="${mix(colour, '#ffffff', 0.9)}" stroke="${colour}" stroke-width="8"/>${text(colour, 'letter-spacing="1"')}`
  return svg(LOGO.width, LOGO.height, `<rect width="640" height="320" fill="#ffffff"/>${body}`)
}

export type SlidePicture = {
  title: string
  description: string
  callToAction: string
  colour: string
  kinds: readonly [IllustrationKind, IllustrationKind, IllustrationKind]
}

export const slideDesktopSvg = (slide: SlidePicture) => slideSvg(slide, SLIDE_DESKTOP)
export const slideMobileSvg = (slide: SlidePicture) => slideSvg(slide, SLIDE_MOBILE)

/** The texts, the button and the three drawings of a slide, placed by its layout. */
function slideSvg(slide: SlidePicture, layout: SlideLayout): string {
  const { width, height, left, kicker, title, description, button: buttonLayout } = layout
  const titleLines = wrapText(slide.title, title.perLine, title.maxLines)
  const descriptionLines = wrapText(slide.description, description.perLine, description.maxLines)
  const titleTop = titleLines.length > 1 ? title.topOfLonger : title.top
  const descriptionTop = titleTop + (titleLines.length - 1) * title.lineHeight + description.below
  const buttonTop = descriptionTop + (descriptionLines.length - 1) * description.lineHeight + buttonLayout.below
  const [mainPlace, secondPlace, thirdPlace] = layout.icons
  const darker = mix(slide.colour, INK, 0.3)
  return svg(
    width,
    height,
    `
  ${slideBackground(slide.colour, width, height)}
  <text x="${left}" y="${titleTop - kicker.above}" ${FONT} font-size="${kicker.fontSize}" font-weight="700" letter-spacing="6" fill="#ffffff" opacity=".8">TRGOVINA SOVIĆI</text>
  ${titleLines.map((line, index) => `<text x="${left}" y="${titleTop + index * title.lineHeight}" ${FONT} font-size="${title.fontSize}" font-weight="700" fill="#ffffff">${escapeHtml(line)}</text>`).join('')}
  ${descriptionLines.map((line, index) => `<text x="${left}" y="${descriptionTop + index * description.lineHeight}" ${FONT} font-size="${description.fontSize}" fill="#ffffff" opacity=".9">${escapeHtml(line)}</text>`).join('')}
  ${button(slide, left, buttonTop, buttonLayout.fontSize)}
  ${layout.discs.map(([cx, cy, r, opacity]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="${opacity}"/>`).join('\n  ')}
  ${icon(slide.kinds[0], slide.colour, ...mainPlace)}
  ${icon(slide.kinds[1], darker, ...secondPlace)}
  ${icon(slide.kinds[2], darker, ...thirdPlace)}`,
  )
}

function slideBackground(colour: string, width: number, height: number): string {
  return `
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${mix(colour, INK, 0.35)}"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.5}" r="${Math.max(width, height) * 0.42}" fill="#ffffff" opacity=".07"/>
  <circle cx="${width * 0.05}" cy="${height * 0.95}" r="${Math.min(width, height) * 0.3}" fill="#ffffff" opacity=".06"/>
  <circle cx="${width * 0.45}" cy="${height * 0.08}" r="${Math.min(width, height) * 0.12}" fill="#ffffff" opacity=".05"/>`
}

function button(slide: SlidePicture, x: number, y: number, fontSize: number): string {
  const label = `${slide.callToAction}  →`
  const buttonWidth = Math.round(label.length * fontSize * 0.56 + fontSize * 2)
  const buttonHeight = Math.round(fontSize * 2.1)
  return `
  <rect x="${x}" y="${y}" width="${buttonWidth}" height="${buttonHeight}" rx="${buttonHeight / 2}" fill="#ffffff"/>
  <text x="${x + buttonWidth / 2}" y="${y + buttonHeight / 2 + fontSize * 0.36}" ${FONT} font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="${mix(slide.colour, INK, 0.2)}">${escapeHtml(label)}</text>`
}

/** A dish on a plate, seen from above, on a warm table. */
export function dishSvg(picture: DishPicture): string {
  const isDrink = picture === 'coffee' || picture === 'drink' || picture === 'wine'
  const hasPlate = !isDrink && picture !== 'platter'
  return svg(
    DISH.width,
    DISH.height,
    `
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f6e7d2"/><stop offset="1" stop-color="#e9cfae"/></linearGradient></defs>
  <rect width="1024" height="768" fill="url(#bg)"/>
  ${[150, 310, 470, 630].map((y) => `<rect x="0" y="${y}" width="1024" height="3" fill="#d6b48c" opacity=".5"/>`).join('')}
  <rect x="70" y="560" width="200" height="120" rx="16" fill="#b91c1c" opacity=".85" transform="rotate(-12 170 620)"/>
  <path d="M90 588 h180 M90 612 h180 M90 636 h180" stroke="#fecaca" stroke-width="6" opacity=".6" transform="rotate(-12 170 620)"/>
  ${
    !hasPlate
      ? ''
      : `<ellipse cx="522" cy="404" rx="300" ry="300" fill="#7c5a3a" opacity=".18"/>
  <circle cx="512" cy="384" r="300" fill="#ffffff"/>
  <circle cx="512" cy="384" r="232" fill="#f8fafc" stroke="#e2e8f0" stroke-width="6"/>`
  }
  <g transform="translate(312 184) scale(1)">${DISHES[picture]()}</g>
  ${isDrink ? '' : `<g transform="translate(860 120) rotate(20)"><rect x="0" y="0" width="18" height="300" rx="9" fill="#94a3b8"/><path d="M-14 0 h46 v60 q-23 30 -46 0z" fill="#94a3b8"/></g>`}`,
  )
}

const DISHES: Record<DishPicture, () => string> = {
  platter: () => `
    <rect x="-40" y="40" width="480" height="320" rx="40" fill="#b7794a"/>
    <rect x="-40" y="40" width="480" height="320" rx="40" fill="none" stroke="#8b5a33" stroke-width="10"/>
    ${[0, 1, 2]
      .map(
        (
          index,
        ) => `<path d="M${20 + index * 70} 100 q60 40 20 110 q-40 60 30 120" fill="none" stroke="#e57373" stroke-width="46" stroke-linecap="round"/>
      <path d="M${20 + index * 70} 100 q60 40 20 110 q-40 60 30 120" fill="none" stroke="#fbe9e7" stroke-width="8" stroke-linecap="round" opacity=".7"/>`,
      )
      .join('')}
    <polygon points="260,120 380,150 290,220" fill="#fde68a"/><polygon points="270,220 390,250 300,320" fill="#fcd34d"/>
    <circle cx="360" cy="90" r="18" fill="#3f3f46"/><circle cx="392" cy="110" r="18" fill="#4d7c0f"/><circle cx="350" cy="320" r="16" fill="#3f3f46"/>`,
  soup: () => `
    <circle cx="200" cy="200" r="180" fill="#f1f5f9"/>
    <circle cx="200" cy="200" r="150" fill="#e9a23b"/>
    <circle cx="200" cy="200" r="150" fill="none" stroke="#d97706" stroke-width="10" opacity=".5"/>
    ${(
      [
        [150, 150],
        [240, 170],
        [190, 250],
        [260, 250],
        [130, 230],
      ] as const
    )
      .map(
        ([x, y]) =>
          `<rect x="${x}" y="${y}" width="40" height="14" rx="7" fill="#fef3c7" transform="rotate(${x} ${x} ${y})"/>`,
      )
      .join('')}
    ${(
      [
        [170, 120],
        [280, 210],
        [150, 280],
        [220, 140],
      ] as const
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="#f97316"/>`)
      .join('')}
    ${(
      [
        [200, 200],
        [230, 120],
        [120, 190],
        [260, 290],
      ] as const
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#15803d"/>`)
      .join('')}`,
  grill: () => `
    <path d="M20 260 a180 120 0 0 1 360 0z" fill="#f4d8a8"/>
    <path d="M40 250 a160 100 0 0 1 320 0" fill="none" stroke="#e0b679" stroke-width="8"/>
    ${[0, 1, 2, 3, 4]
      .map(
        (index) => `<g transform="translate(${70 + index * 46} ${110 + (index % 2) * 20}) rotate(${-8 + index * 4})">
      <rect x="0" y="0" width="40" height="150" rx="20" fill="#8b4513"/>
      <path d="M6 40 h28 M6 80 h28 M6 120 h28" stroke="#5b2c0b" stroke-width="6" stroke-linecap="round"/></g>`,
      )
      .join('')}
    <g fill="none" stroke="#a855f7" stroke-width="8" opacity=".8"><circle cx="330" cy="120" r="30"/><circle cx="300" cy="80" r="22"/><circle cx="350" cy="170" r="20"/></g>
    <ellipse cx="80" cy="90" rx="50" ry="30" fill="#fefce8"/>`,
  steak: () => `
    <path d="M60 140 q40 -90 170 -70 q130 20 120 130 q-10 110 -150 110 q-150 0 -140 -170z" fill="#7c2d12"/>
    <path d="M90 150 q30 -60 140 -50 q100 20 90 110" fill="none" stroke="#9a3412" stroke-width="18" opacity=".6"/>
    ${[0, 1, 2, 3].map((index) => `<path d="M${110 + index * 50} 90 l-50 180" stroke="#431407" stroke-width="12" stroke-linecap="round" opacity=".8"/>`).join('')}
    ${(
      [
        [300, 300],
        [340, 250],
        [250, 340],
        [360, 320],
      ] as const
    )
      .map(
        ([x, y]) =>
          `<rect x="${x}" y="${y}" width="60" height="34" rx="14" fill="#fbbf24" transform="rotate(${x / 3} ${x} ${y})"/>`,
      )
      .join('')}
    <path d="M40 330 q30 -40 60 0 q30 -40 60 0" fill="#15803d"/>`,
  fish: () => `
    <path d="M20 200 Q120 70 290 170 L380 100 L360 200 L380 300 L290 230 Q120 330 20 200z" fill="#94a3b8"/>
    <path d="M40 200 Q120 110 280 185 L280 215 Q120 290 40 200z" fill="#cbd5e1"/>
    ${[0, 1, 2].map((index) => `<path d="M${130 + index * 50} 140 l-30 120" stroke="#475569" stroke-width="9" stroke-linecap="round"/>`).join('')}
    <circle cx="70" cy="185" r="12" fill="#0f172a"/>
    <circle cx="300" cy="330" r="48" fill="#fde047"/><circle cx="300" cy="330" r="36" fill="#fef9c3"/>
    <path d="M300 294 v72 M264 330 h72 M275 305 l50 50 M325 305 l-50 50" stroke="#fde047" stroke-width="4"/>
    <path d="M60 320 q20 -30 40 0 q20 -30 40 0 q20 -30 40 0" fill="#16a34a"/>`,
  pasta: () => `
    ${[0, 1, 2, 3, 4, 5].map((index) => `<ellipse cx="${200 + (index % 3) * 14 - 14}" cy="${200 + Math.floor(index / 3) * 14 - 7}" rx="${150 - index * 16}" ry="${120 - index * 13}" fill="none" stroke="#facc15" stroke-width="14" transform="rotate(${index * 25} 200 200)"/>`).join('')}
    <path d="M120 170 q80 -70 160 0 q40 60 -20 100 q-80 40 -140 -20 q-30 -40 0 -80z" fill="#b91c1c" opacity=".92"/>
    ${(
      [
        [170, 180],
        [230, 200],
        [200, 240],
        [250, 160],
      ] as const
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="#7f1d1d"/>`)
      .join('')}
    <path d="M200 120 q30 -30 60 -10 q-20 30 -60 10z" fill="#16a34a"/><path d="M200 120 q-30 -30 -60 -10 q20 30 60 10z" fill="#22c55e"/>
    <circle cx="150" cy="240" r="6" fill="#fef9c3"/><circle cx="260" cy="230" r="6" fill="#fef9c3"/>`,
  stew: () => `
    <circle cx="200" cy="200" r="175" fill="#c2410c" opacity=".85"/>
    ${(
      [
        [110, 140],
        [210, 110],
        [290, 170],
        [130, 240],
        [230, 220],
        [300, 270],
        [170, 310],
      ] as const
    )
      .map(
        ([x, y], index) => `<g transform="translate(${x} ${y}) rotate(${index * 40})">
      <ellipse cx="0" cy="0" rx="56" ry="30" fill="${index % 2 === 0 ? '#4d7c0f' : '#65a30d'}"/>
      <path d="M-50 0 h100 M-30 -24 q10 24 0 48 M20 -26 q10 26 0 52" stroke="#365314" stroke-width="5" fill="none"/></g>`,
      )
      .join('')}
    <circle cx="200" cy="200" r="34" fill="#fefce8"/>`,
  salad: () => `
    ${(
      [
        [120, 120],
        [260, 110],
        [300, 230],
        [110, 260],
        [200, 300],
        [200, 170],
      ] as const
    )
      .map(
        ([x, y], index) =>
          `<path d="M${x} ${y} q50 -70 100 0 q-50 70 -100 0z" fill="${index % 2 === 0 ? '#22c55e' : '#4ade80'}" transform="rotate(${index * 55} ${x + 50} ${y})"/>`,
      )
      .join('')}
    ${(
      [
        [150, 190],
        [240, 160],
        [210, 250],
        [290, 300],
      ] as const
    )
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y} a36 36 0 0 1 72 0z" fill="#ef4444"/><path d="M${x + 10} ${y - 4} a26 26 0 0 1 52 0" fill="#fca5a5"/>`,
      )
      .join('')}
    ${(
      [
        [120, 300],
        [300, 150],
        [180, 120],
      ] as const
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="28" fill="#bbf7d0" stroke="#15803d" stroke-width="6"/>`)
      .join('')}
    ${(
      [
        [230, 210],
        [160, 260],
        [270, 270],
      ] as const
    )
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="34" height="30" rx="6" fill="#ffffff"/>`)
      .join('')}`,
  cake: () => `
    <polygon points="60,300 340,300 340,180 60,120" fill="#5b2c0b"/>
    <polygon points="60,250 340,250 340,220 60,180" fill="#fef3c7"/>
    <polygon points="60,180 340,180 340,160 60,100" fill="#3f1d0b"/>
    <polygon points="60,120 340,180 340,160 60,100" fill="#78350f"/>
    <path d="M70 104 q20 -30 40 0 q20 -30 40 0 q20 -30 40 0" fill="#ffffff"/>
    <circle cx="110" cy="84" r="20" fill="#be123c"/><circle cx="180" cy="96" r="16" fill="#be123c"/>
    <path d="M114 64 q10 -30 30 -40" stroke="#166534" stroke-width="5" fill="none"/>`,
  coffee: () => `
    <circle cx="200" cy="210" r="190" fill="#ffffff" stroke="#e2e8f0" stroke-width="8"/>
    <rect x="330" y="170" width="90" height="56" rx="28" fill="#ffffff" stroke="#e2e8f0" stroke-width="8"/>
    <circle cx="200" cy="210" r="130" fill="#f8fafc" stroke="#e2e8f0" stroke-width="8"/>
    <circle cx="200" cy="210" r="108" fill="#6b3f1d"/>
    <circle cx="200" cy="210" r="92" fill="#b07a45"/>
    <path d="M160 190 q40 -40 80 0 q-40 30 -80 0z M170 240 q30 -20 60 0 q-30 20 -60 0z" fill="#f5deb3" opacity=".9"/>
    <rect x="-60" y="320" width="70" height="46" rx="8" fill="#a16207" transform="rotate(-20 -25 343)"/>`,
  drink: () => `
    <circle cx="200" cy="220" r="170" fill="#ffffff" opacity=".55"/>
    <path d="M110 40 h180 l-24 340 h-132z" fill="#fef9c3" opacity=".95"/>
    <path d="M116 110 h168 l-18 270 h-132z" fill="#fde047" opacity=".85"/>
    <path d="M110 40 h180 l-24 340 h-132z" fill="none" stroke="#cbd5e1" stroke-width="8"/>
    ${(
      [
        [160, 200],
        [230, 260],
        [180, 320],
        [240, 170],
      ] as const
    )
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="34" height="34" rx="6" fill="#ffffff" opacity=".7"/>`)
      .join('')}
    <path d="M250 -10 l-40 300" stroke="#ef4444" stroke-width="12" stroke-linecap="round"/>
    <circle cx="290" cy="60" r="50" fill="#facc15"/><circle cx="290" cy="60" r="38" fill="#fef08a"/>
    <path d="M140 110 q20 -30 40 0" fill="#16a34a"/>`,
  wine: () => `
    <circle cx="200" cy="220" r="170" fill="#ffffff" opacity=".5"/>
    <path d="M110 20 h180 q10 150 -90 190 q-100 -40 -90 -190z" fill="#f8fafc" opacity=".9"/>
    <path d="M118 100 h164 q-4 96 -82 110 q-78 -14 -82 -110z" fill="#7f1d1d"/>
    <path d="M110 20 h180 q10 150 -90 190 q-100 -40 -90 -190z" fill="none" stroke="#cbd5e1" stroke-width="8"/>
    <rect x="192" y="208" width="16" height="150" fill="#cbd5e1"/>
    <ellipse cx="200" cy="364" rx="90" ry="18" fill="#cbd5e1"/>
    <circle cx="330" cy="300" r="26" fill="#6b21a8"/><circle cx="360" cy="330" r="26" fill="#7e22ce"/><circle cx="320" cy="350" r="26" fill="#6b21a8"/>`,
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}

/** Breaks text into at most `maxLines` lines of about `perLine` characters, ending with '…' if cut. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word
    if (candidate.length <= perLine || !current) {
      current = candidate
    } else {
      lines.push(current)
      current = word
    }
  }
  if (current) lines.push(current)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`
  return kept
}

/** Mixes two #rrggbb colours; t = 0 gives the first, 1 the second. */
export function mix(from: string, to: string, t: number): string {
  const a = channels(from)
  const b = channels(to)
  return `#${a
    .map((value, index) =>
      Math.round(value + ((b[index] ?? 0) - value) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

function luminance(colour: string): number {
  const [red = 0, green = 0, blue = 0] = channels(colour)
  return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
}

function channels(colour: string): number[] {
  const hex = colour.replace('#', '')
  return [0, 2, 4].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16))
}
