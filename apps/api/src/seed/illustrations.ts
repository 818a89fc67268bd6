// Flat, icon-like drawings of the demo products, each in a 400 x 400 box. They are drawn here
// rather than downloaded so that the demo shop owns every picture it shows.

export type Palette = {
  /** The product's own colour (usually the brand's). */
  body: string
  shade: string
  dark: string
  metal: string
  metalShade: string
  light: string
  accent: string
}

type Draw = (p: Palette) => string

/** Rounds the corners of a polygon by stroking it in its own colour. */
const soft = (points: string, fill: string, radius = 14) =>
  `<polygon points="${points}" fill="${fill}" stroke="${fill}" stroke-width="${radius}" stroke-linejoin="round"/>`

const drill: Draw = (p) => `
  <path d="M26 128 L90 128 L90 142 L26 142 L12 135 Z" fill="${p.metal}"/>
  <path d="M34 128 l10 14 M52 128 l10 14 M70 128 l10 14" stroke="${p.metalShade}" stroke-width="4"/>
  <rect x="84" y="104" width="56" height="62" rx="12" fill="${p.dark}"/>
  <rect x="92" y="116" width="40" height="6" rx="3" fill="${p.metal}" opacity=".45"/>
  <rect x="92" y="130" width="40" height="6" rx="3" fill="${p.metal}" opacity=".45"/>
  <rect x="92" y="144" width="40" height="6" rx="3" fill="${p.metal}" opacity=".45"/>
  ${soft('234,170 306,170 290,316 206,316', p.body, 18)}
  ${soft('246,196 294,196 282,304 222,304', p.dark, 10)}
  <rect x="130" y="80" width="222" height="112" rx="50" fill="${p.body}"/>
  <path d="M130 150 h222 a50 50 0 0 1 -50 42 h-122 a50 50 0 0 1 -50 -42z" fill="${p.shade}"/>
  <rect x="290" y="104" width="40" height="9" rx="4.5" fill="${p.dark}"/>
  <rect x="290" y="122" width="40" height="9" rx="4.5" fill="${p.dark}"/>
  <rect x="290" y="140" width="40" height="9" rx="4.5" fill="${p.dark}"/>
  <rect x="200" y="190" width="24" height="46" rx="10" fill="${p.dark}"/>
  <rect x="168" y="306" width="176" height="70" rx="16" fill="${p.dark}"/>
  <rect x="182" y="326" width="148" height="12" rx="6" fill="${p.body}"/>
  <circle cx="312" cy="356" r="7" fill="${p.accent}"/>`

const grinder: Draw = (p) => `
  <ellipse cx="110" cy="262" rx="96" ry="22" fill="${p.metalShade}"/>
  <ellipse cx="110" cy="256" rx="96" ry="22" fill="${p.metal}"/>
  <path d="M30 250 a80 26 0 0 1 160 0 z" fill="${p.dark}"/>
  <rect x="100" y="72" width="22" height="76" rx="11" fill="${p.dark}"/>
  <rect x="62" y="138" width="100" height="104" rx="20" fill="${p.metalShade}"/>
  <rect x="72" y="150" width="80" height="14" rx="7" fill="${p.metal}"/>
  <rect x="140" y="140" width="226" height="96" rx="44" fill="${p.body}"/>
  <path d="M140 196 h226 a44 44 0 0 1 -44 40 h-138 a44 44 0 0 1 -44 -40z" fill="${p.shade}"/>
  <rect x="334" y="148" width="46" height="80" rx="20" fill="${p.dark}"/>
  <rect x="210" y="164" width="90" height="14" rx="7" fill="${p.dark}"/>
  <rect x="258" y="226" width="56" height="18" rx="8" fill="${p.dark}"/>`

const circularSaw: Draw = (p) => {
  const teeth: string[] = []
  for (let index = 0; index < 36; index += 1) {
    const angle = (index / 36) * Math.PI * 2
    const next = ((index + 0.6) / 36) * Math.PI * 2
    teeth.push(`${(200 + 150 * Math.cos(angle)).toFixed(1)},${(230 + 150 * Math.sin(angle)).toFixed(1)}`)
    teeth.push(`${(200 + 134 * Math.cos(next)).toFixed(1)},${(230 + 134 * Math.sin(next)).toFixed(1)}`)
  }
  return `
  <polygon points="${teeth.join(' ')}" fill="${p.metal}"/>
  <circle cx="200" cy="230" r="118" fill="${p.metalShade}" opacity=".35"/>
  <circle cx="200" cy="230" r="34" fill="${p.dark}"/>
  <circle cx="200" cy="230" r="12" fill="${p.metal}"/>
  <path d="M40 230 a160 160 0 0 1 320 0 h-40 a120 120 0 0 0 -240 0z" fill="${p.body}"/>
  <path d="M232 74 q84 -10 96 70 l-34 10 q-10 -46 -62 -44z" fill="${p.dark}"/>
  <rect x="20" y="318" width="360" height="18" rx="9" fill="${p.dark}"/>`
}

const hammer: Draw = (p) => `
  <g transform="rotate(-35 200 200)">
    <rect x="182" y="120" width="36" height="270" rx="18" fill="${p.accent}"/>
    <rect x="178" y="270" width="44" height="124" rx="20" fill="${p.body}"/>
    <rect x="178" y="290" width="44" height="10" fill="${p.shade}"/>
    <rect x="178" y="318" width="44" height="10" fill="${p.shade}"/>
    <rect x="178" y="346" width="44" height="10" fill="${p.shade}"/>
    <rect x="92" y="56" width="150" height="78" rx="12" fill="${p.metalShade}"/>
    <rect x="70" y="62" width="40" height="66" rx="8" fill="${p.metal}"/>
    <path d="M238 60 q90 -10 118 58 q-60 -26 -118 18 z" fill="${p.metalShade}"/>
    <rect x="100" y="66" width="134" height="14" rx="7" fill="${p.metal}" opacity=".6"/>
  </g>`

const screwdriver: Draw = (p) => `
  <g transform="rotate(45 200 200)">
    <rect x="186" y="10" width="28" height="180" rx="6" fill="${p.metal}"/>
    <path d="M186 10 l14 -14 l14 14z" fill="${p.metalShade}"/>
    <rect x="160" y="180" width="80" height="200" rx="36" fill="${p.body}"/>
    <rect x="172" y="200" width="12" height="160" rx="6" fill="${p.shade}"/>
    <rect x="216" y="200" width="12" height="160" rx="6" fill="${p.shade}"/>
    <rect x="160" y="330" width="80" height="50" rx="24" fill="${p.dark}"/>
  </g>
  <g transform="rotate(-45 200 200) translate(0 30)">
    <rect x="190" y="30" width="20" height="150" rx="5" fill="${p.metal}"/>
    <rect x="168" y="170" width="64" height="170" rx="30" fill="${p.accent}"/>
    <rect x="168" y="296" width="64" height="44" rx="20" fill="${p.dark}"/>
  </g>`

const wrench: Draw = (p) => `
  <mask id="wrench-notch"><rect width="400" height="400" fill="#fff"/>
    <rect x="-30" y="180" width="78" height="40" rx="8" fill="#000"/></mask>
  <g transform="rotate(-40 200 200)" mask="url(#wrench-notch)">
    <rect x="70" y="176" width="260" height="48" rx="20" fill="${p.metal}"/>
    <rect x="110" y="188" width="180" height="24" rx="12" fill="${p.metalShade}"/>
    <circle cx="48" cy="200" r="58" fill="${p.metal}"/>
    <circle cx="352" cy="200" r="52" fill="${p.metal}"/>
    <circle cx="352" cy="200" r="26" fill="${p.metalShade}"/>
    <polygon points="352,178 371,189 371,211 352,222 333,211 333,189" fill="${p.light}"/>
  </g>`

const pliers: Draw = (p) => `
  <path d="M176 196 L100 372" stroke="${p.body}" stroke-width="40" stroke-linecap="round"/>
  <path d="M224 196 L300 372" stroke="${p.body}" stroke-width="40" stroke-linecap="round"/>
  <path d="M176 196 L120 320" stroke="${p.shade}" stroke-width="10" stroke-linecap="round"/>
  <path d="M224 196 L280 320" stroke="${p.shade}" stroke-width="10" stroke-linecap="round"/>
  <path d="M168 190 Q150 90 196 24 L212 28 Q196 110 232 190 Z" fill="${p.metal}"/>
  <path d="M232 190 Q250 90 204 24 L188 28 Q204 110 168 190 Z" fill="${p.metalShade}"/>
  <circle cx="200" cy="190" r="22" fill="${p.metalShade}"/>
  <circle cx="200" cy="190" r="9" fill="${p.dark}"/>`

const tapeMeasure: Draw = (p) => `
  <rect x="250" y="250" width="140" height="40" fill="${p.accent}"/>
  <path d="M270 250 v16 M290 250 v10 M310 250 v16 M330 250 v10 M350 250 v16 M370 250 v10" stroke="${p.dark}" stroke-width="4"/>
  <rect x="384" y="244" width="12" height="52" rx="3" fill="${p.metalShade}"/>
  <rect x="40" y="90" width="240" height="240" rx="64" fill="${p.body}"/>
  <rect x="40" y="250" width="240" height="80" rx="40" fill="${p.shade}"/>
  <circle cx="160" cy="204" r="72" fill="${p.dark}"/>
  <circle cx="160" cy="204" r="40" fill="${p.metal}"/>
  <circle cx="160" cy="204" r="14" fill="${p.dark}"/>
  <rect x="60" y="70" width="70" height="36" rx="14" fill="${p.dark}"/>`

const spiritLevel: Draw = (p) => `
  <g transform="rotate(-12 200 200)">
    <rect x="10" y="150" width="380" height="100" rx="16" fill="${p.body}"/>
    <rect x="10" y="224" width="380" height="26" rx="12" fill="${p.shade}"/>
    <rect x="10" y="150" width="40" height="100" rx="14" fill="${p.dark}"/>
    <rect x="350" y="150" width="40" height="100" rx="14" fill="${p.dark}"/>
    <rect x="160" y="176" width="80" height="48" rx="24" fill="${p.dark}"/>
    <rect x="170" y="186" width="60" height="28" rx="14" fill="#bef264"/>
    <circle cx="206" cy="200" r="9" fill="#f7fee7"/>
    <rect x="84" y="170" width="42" height="60" rx="10" fill="${p.dark}"/>
    <rect x="92" y="178" width="26" height="44" rx="8" fill="#bef264"/>
    <rect x="274" y="170" width="42" height="60" rx="10" fill="${p.dark}"/>
    <rect x="282" y="178" width="26" height="44" rx="8" fill="#bef264"/>
  </g>`

const toolbox: Draw = (p) => `
  <path d="M136 126 v-40 a20 20 0 0 1 20 -20 h88 a20 20 0 0 1 20 20 v40" fill="none" stroke="${p.dark}" stroke-width="20"/>
  <rect x="30" y="120" width="340" height="90" rx="18" fill="${p.body}"/>
  <rect x="30" y="200" width="340" height="160" rx="18" fill="${p.shade}"/>
  <rect x="30" y="200" width="340" height="22" fill="${p.dark}"/>
  <rect x="72" y="190" width="40" height="50" rx="8" fill="${p.metal}"/>
  <rect x="288" y="190" width="40" height="50" rx="8" fill="${p.metal}"/>
  <rect x="150" y="262" width="100" height="16" rx="8" fill="${p.body}"/>`

const ladder: Draw = (p) => `
  <path d="M160 40 L60 380" stroke="${p.metal}" stroke-width="22" stroke-linecap="round"/>
  <path d="M240 40 L340 380" stroke="${p.metalShade}" stroke-width="22" stroke-linecap="round"/>
  <path d="M200 40 L260 380" stroke="${p.metalShade}" stroke-width="16" stroke-linecap="round" opacity=".7"/>
  <path d="M148 100 h104 M130 160 h140 M112 220 h176 M96 280 h208 M78 340 h244" stroke="${p.metal}" stroke-width="16" stroke-linecap="round"/>
  <rect x="140" y="26" width="120" height="34" rx="12" fill="${p.body}"/>
  <rect x="44" y="368" width="40" height="20" rx="8" fill="${p.dark}"/>
  <rect x="318" y="368" width="40" height="20" rx="8" fill="${p.dark}"/>`

const welder: Draw = (p) => `
  <path d="M120 70 v-24 h160 v24" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linejoin="round"/>
  <rect x="60" y="70" width="280" height="230" rx="22" fill="${p.body}"/>
  <rect x="60" y="250" width="280" height="50" rx="20" fill="${p.shade}"/>
  <rect x="86" y="96" width="228" height="140" rx="14" fill="${p.dark}"/>
  <rect x="106" y="114" width="90" height="44" rx="6" fill="#22c55e"/>
  <text x="151" y="147" font-family="DejaVu Sans Mono, monospace" font-weight="700" font-size="30" text-anchor="middle" fill="#052e16">120</text>
  <circle cx="258" cy="150" r="34" fill="${p.metal}"/>
  <rect x="254" y="118" width="8" height="30" rx="4" fill="${p.dark}"/>
  <circle cx="130" cy="206" r="14" fill="${p.accent}"/>
  <circle cx="180" cy="206" r="14" fill="${p.metal}"/>
  <path d="M130 300 q-20 70 -90 70" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>
  <path d="M180 300 q40 80 160 60" fill="none" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/>
  <rect x="20" y="356" width="40" height="30" rx="6" fill="${p.metalShade}"/>
  <rect x="330" y="344" width="50" height="30" rx="8" fill="${p.dark}"/>`

const weldingMask: Draw = (p) => `
  <path d="M70 170 Q70 40 200 40 Q330 40 330 170 L318 300 Q300 372 200 380 Q100 372 82 300 Z" fill="${p.body}"/>
  <path d="M82 300 Q100 372 200 380 Q300 372 318 300 L322 260 Q200 300 78 260 Z" fill="${p.shade}"/>
  <rect x="110" y="150" width="180" height="90" rx="16" fill="${p.dark}"/>
  <rect x="126" y="164" width="148" height="62" rx="10" fill="#0e7490"/>
  <path d="M140 176 l40 0 l-40 36z" fill="#67e8f9" opacity=".55"/>
  <rect x="180" y="262" width="40" height="56" rx="12" fill="${p.dark}" opacity=".55"/>`

const gloves: Draw = (p) => `
  <g transform="rotate(-8 200 220)">
    <rect x="108" y="56" width="44" height="150" rx="22" fill="${p.body}"/>
    <rect x="160" y="36" width="44" height="170" rx="22" fill="${p.body}"/>
    <rect x="212" y="46" width="44" height="160" rx="22" fill="${p.body}"/>
    <rect x="264" y="80" width="40" height="130" rx="20" fill="${p.body}"/>
    <rect x="60" y="170" width="44" height="120" rx="22" fill="${p.body}" transform="rotate(-40 82 230)"/>
    <rect x="104" y="150" width="200" height="170" rx="56" fill="${p.body}"/>
    <path d="M108 120 h196 v40 h-196z" fill="${p.shade}" opacity=".5"/>
    <rect x="114" y="300" width="184" height="80" rx="12" fill="${p.accent}"/>
    <path d="M114 324 h184 M114 348 h184" stroke="${p.shade}" stroke-width="6"/>
  </g>`

const helmet: Draw = (p) => `
  <path d="M70 260 Q70 70 200 70 Q330 70 330 260 Z" fill="${p.body}"/>
  <path d="M180 70 h40 v190 h-40z" fill="${p.shade}"/>
  <rect x="30" y="250" width="340" height="40" rx="20" fill="${p.shade}"/>
  <rect x="100" y="292" width="200" height="70" rx="18" fill="#38bdf8" opacity=".75"/>
  <rect x="100" y="292" width="200" height="14" rx="7" fill="${p.dark}"/>`

const box: Draw = (p) => `
  <polygon points="200,60 360,130 200,200 40,130" fill="${p.body}"/>
  <polygon points="40,130 200,200 200,370 40,300" fill="${p.shade}"/>
  <polygon points="360,130 200,200 200,370 360,300" fill="${p.body}" opacity=".82"/>
  <polygon points="78,188 168,228 168,300 78,260" fill="${p.light}"/>
  <path d="M92 218 l62 28 M92 238 l46 21" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>
  <polygon points="120,96 280,166 300,157 140,88" fill="${p.accent}" opacity=".9"/>`

const screws: Draw = (p) => {
  const threads = [0, 1, 2, 3, 4, 5, 6]
    .map(
      (index) =>
        `<path d="M150 ${140 + index * 30} l100 -14" stroke="${p.metalShade}" stroke-width="8" stroke-linecap="round"/>`,
    )
    .join('')
  return `
  <g transform="rotate(-20 200 200)">
    <path d="M160 120 h80 v210 l-40 60 l-40 -60z" fill="${p.metal}"/>
    ${threads}
    <rect x="110" y="80" width="180" height="50" rx="18" fill="${p.metalShade}"/>
    <path d="M170 96 h60 M200 84 v26" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>
  </g>
  <g transform="translate(250 210) rotate(25)">
    <rect x="0" y="0" width="56" height="160" rx="20" fill="${p.body}"/>
    <path d="M8 40 h40 M8 70 h40 M8 100 h40 M8 130 h40" stroke="${p.shade}" stroke-width="8"/>
  </g>`
}

const hook: Draw = (p) => `
  <path d="M200 40 v170 a80 80 0 1 1 -160 0 v-20" fill="none" stroke="${p.metal}" stroke-width="34" stroke-linecap="round"/>
  <path d="M200 40 v170 a80 80 0 1 1 -160 0 v-20" fill="none" stroke="${p.metalShade}" stroke-width="10" stroke-linecap="round" opacity=".6"/>
  <circle cx="200" cy="40" r="30" fill="none" stroke="${p.metal}" stroke-width="20"/>
  <path d="M300 90 v120 a50 50 0 0 0 100 0" fill="none" stroke="${p.body}" stroke-width="26" stroke-linecap="round"/>
  <path d="M300 90 a30 30 0 0 1 60 0" fill="none" stroke="${p.body}" stroke-width="26" stroke-linecap="round"/>`

const rope: Draw = (p) => {
  const loops = [0, 1, 2, 3, 4]
    .map(
      (index) => `
    <ellipse cx="200" cy="${150 + index * 34}" rx="150" ry="64" fill="none" stroke="${p.body}" stroke-width="30"/>
    <ellipse cx="200" cy="${150 + index * 34}" rx="150" ry="64" fill="none" stroke="${p.shade}" stroke-width="30" stroke-dasharray="6 18" opacity=".8"/>`,
    )
    .join('')
  return `${loops}
  <path d="M330 300 q40 30 20 80" fill="none" stroke="${p.body}" stroke-width="28" stroke-linecap="round"/>
  <rect x="330" y="360" width="36" height="30" rx="6" fill="${p.dark}"/>`
}

const chain: Draw = (p) => {
  const links = [0, 1, 2, 3, 4].map((index) => {
    const x = 60 + index * 70
    const y = 320 - index * 60
    const vertical = index % 2 === 1
    return `<g transform="translate(${x} ${y}) rotate(${vertical ? 50 : -40})">
      <rect x="-56" y="-30" width="112" height="60" rx="30" fill="none" stroke="${vertical ? p.metalShade : p.metal}" stroke-width="18"/></g>`
  })
  return links.join('')
}

const net: Draw = (p) => {
  const lines: string[] = []
  for (let offset = -400; offset <= 400; offset += 44) {
    lines.push(`<path d="M${offset} 0 L${offset + 400} 400" stroke="${p.body}" stroke-width="8"/>`)
    lines.push(`<path d="M${offset + 400} 0 L${offset} 400" stroke="${p.body}" stroke-width="8"/>`)
  }
  return `
  <clipPath id="net-clip"><rect x="50" y="50" width="300" height="300" rx="36"/></clipPath>
  <g clip-path="url(#net-clip)">${lines.join('')}</g>
  <rect x="50" y="50" width="300" height="300" rx="36" fill="none" stroke="${p.dark}" stroke-width="16"/>
  <circle cx="50" cy="50" r="18" fill="${p.metal}"/><circle cx="350" cy="50" r="18" fill="${p.metal}"/>`
}

const cable: Draw = (p) => `
  <circle cx="190" cy="200" r="150" fill="${p.body}"/>
  <circle cx="190" cy="200" r="150" fill="none" stroke="${p.shade}" stroke-width="10" stroke-dasharray="4 14"/>
  <circle cx="190" cy="200" r="118" fill="none" stroke="${p.shade}" stroke-width="8"/>
  <circle cx="190" cy="200" r="86" fill="none" stroke="${p.shade}" stroke-width="8"/>
  <circle cx="190" cy="200" r="56" fill="${p.dark}"/>
  <circle cx="190" cy="200" r="22" fill="${p.metal}"/>
  <path d="M300 300 q60 40 70 80" fill="none" stroke="${p.body}" stroke-width="16" stroke-linecap="round"/>
  <rect x="340" y="330" width="50" height="60" rx="12" fill="${p.dark}"/>
  <rect x="350" y="312" width="8" height="22" fill="${p.metal}"/><rect x="372" y="312" width="8" height="22" fill="${p.metal}"/>`

const cableReel: Draw = (p) => `
  <path d="M80 370 L140 300 M320 370 L260 300" stroke="${p.dark}" stroke-width="20" stroke-linecap="round"/>
  <circle cx="200" cy="190" r="160" fill="${p.dark}"/>
  <circle cx="200" cy="190" r="130" fill="${p.body}"/>
  <path d="M70 160 h260 M70 190 h260 M70 220 h260 M80 130 h240 M80 250 h240" stroke="${p.shade}" stroke-width="8" opacity=".8"/>
  <circle cx="200" cy="190" r="54" fill="${p.dark}"/>
  <circle cx="178" cy="180" r="10" fill="${p.metal}"/><circle cx="222" cy="180" r="10" fill="${p.metal}"/>
  <rect x="186" y="204" width="28" height="16" rx="6" fill="${p.metal}"/>
  <rect x="186" y="14" width="28" height="40" rx="10" fill="${p.dark}"/>`

const bulb: Draw = (p) => `
  <g stroke="${p.accent}" stroke-width="14" stroke-linecap="round" opacity=".85">
    <path d="M200 20 v30 M72 70 l22 22 M328 70 l-22 22 M30 180 h32 M338 180 h32"/></g>
  <circle cx="200" cy="180" r="112" fill="${p.light}"/>
  <circle cx="200" cy="180" r="112" fill="${p.accent}" opacity=".28"/>
  <path d="M138 262 Q140 236 112 210 L288 210 Q260 236 262 262 Z" fill="${p.light}"/>
  <path d="M150 120 a70 70 0 0 1 60 -34" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round"/>
  <path d="M170 250 v-60 l30 30 l30 -30 v60" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linejoin="round"/>
  <rect x="136" y="262" width="128" height="30" rx="8" fill="${p.metal}"/>
  <rect x="140" y="292" width="120" height="26" rx="8" fill="${p.metalShade}"/>
  <rect x="146" y="318" width="108" height="26" rx="8" fill="${p.metal}"/>
  <path d="M166 344 h68 l-18 34 h-32z" fill="${p.dark}"/>`

const floodlight: Draw = (p) => `
  <path d="M120 320 L70 390 M280 320 L330 390" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>
  <path d="M60 250 Q60 330 200 330 Q340 330 340 250" fill="none" stroke="${p.dark}" stroke-width="16"/>
  <rect x="40" y="60" width="320" height="230" rx="26" fill="${p.dark}"/>
  <rect x="64" y="84" width="272" height="182" rx="14" fill="${p.light}"/>
  <rect x="64" y="84" width="272" height="182" rx="14" fill="${p.accent}" opacity=".3"/>
  <path d="M80 96 l90 0 l-90 70z" fill="#fff" opacity=".7"/>
  <rect x="150" y="40" width="100" height="24" rx="8" fill="${p.body}"/>`

const lamp: Draw = (p) => `
  <path d="M200 0 v90" stroke="${p.dark}" stroke-width="8"/>
  <rect x="184" y="80" width="32" height="36" rx="6" fill="${p.dark}"/>
  <path d="M70 270 Q80 130 200 110 Q320 130 330 270 Z" fill="${p.body}"/>
  <path d="M70 270 Q80 130 200 110 Q130 150 140 270 Z" fill="${p.shade}"/>
  <ellipse cx="200" cy="270" rx="130" ry="20" fill="${p.dark}"/>
  <circle cx="200" cy="286" r="40" fill="${p.light}"/>
  <path d="M110 320 l-40 70 M200 340 v60 M290 320 l40 70" stroke="${p.accent}" stroke-width="12" stroke-linecap="round" opacity=".7"/>`

const socket: Draw = (p) => `
  <path d="M40 310 q-20 60 40 80" fill="none" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>
  <rect x="20" y="150" width="370" height="160" rx="30" fill="${p.light}"/>
  <rect x="20" y="270" width="370" height="40" rx="20" fill="${p.metal}"/>
  ${[0, 1, 2]
    .map(
      (index) => `
  <circle cx="${100 + index * 100}" cy="222" r="40" fill="${p.metal}"/>
  <circle cx="${86 + index * 100}" cy="222" r="8" fill="${p.dark}"/>
  <circle cx="${114 + index * 100}" cy="222" r="8" fill="${p.dark}"/>`,
    )
    .join('')}
  <rect x="30" y="172" width="30" height="30" rx="8" fill="${p.accent}"/>`

const hose: Draw = (p) => `
  <circle cx="170" cy="190" r="150" fill="none" stroke="${p.body}" stroke-width="34"/>
  <circle cx="170" cy="190" r="108" fill="none" stroke="${p.shade}" stroke-width="34"/>
  <circle cx="170" cy="190" r="66" fill="none" stroke="${p.body}" stroke-width="34"/>
  <circle cx="170" cy="190" r="24" fill="${p.shade}"/>
  <path d="M300 270 q40 40 40 80" fill="none" stroke="${p.body}" stroke-width="30" stroke-linecap="round"/>
  <g transform="translate(300 330) rotate(-20)">
    <rect x="0" y="0" width="90" height="40" rx="12" fill="${p.dark}"/>
    <rect x="70" y="-6" width="30" height="52" rx="8" fill="${p.accent}"/>
    <rect x="16" y="30" width="30" height="50" rx="10" fill="${p.dark}"/>
  </g>`

const sprinkler: Draw = (p) => `
  <g fill="none" stroke="#38bdf8" stroke-width="10" stroke-linecap="round" stroke-dasharray="2 22">
    <path d="M200 200 Q90 60 20 150"/><path d="M200 200 Q140 30 80 60"/><path d="M200 200 Q200 10 200 40"/>
    <path d="M200 200 Q260 30 320 60"/><path d="M200 200 Q310 60 380 150"/></g>
  <rect x="184" y="170" width="32" height="110" rx="10" fill="${p.metal}"/>
  <rect x="150" y="150" width="100" height="40" rx="14" fill="${p.body}"/>
  <path d="M80 360 L150 270 h100 L320 360z" fill="${p.body}"/>
  <rect x="60" y="350" width="280" height="30" rx="14" fill="${p.shade}"/>`

const wateringCan: Draw = (p) => `
  <path d="M290 200 L380 110" stroke="${p.body}" stroke-width="26" stroke-linecap="round"/>
  <rect x="356" y="80" width="40" height="44" rx="10" fill="${p.shade}" transform="rotate(45 376 102)"/>
  <path d="M120 120 Q120 50 200 50 Q280 50 280 120" fill="none" stroke="${p.shade}" stroke-width="22"/>
  <path d="M70 140 h230 l-20 230 h-190z" fill="${p.body}"/>
  <path d="M70 140 h230 l-4 46 h-222z" fill="${p.shade}"/>
  <path d="M70 170 Q20 200 40 280" fill="none" stroke="${p.shade}" stroke-width="22" stroke-linecap="round"/>`

const shovel: Draw = (p) => `
  <g transform="rotate(28 200 200)">
    <rect x="188" y="40" width="24" height="220" rx="10" fill="${p.accent}"/>
    <path d="M160 20 h80 v28 h-80z" fill="${p.dark}" rx="8"/>
    <path d="M172 26 v-20 h56 v20" fill="none" stroke="${p.dark}" stroke-width="16"/>
    <path d="M140 250 h120 v70 q0 50 -60 80 q-60 -30 -60 -80z" fill="${p.metal}"/>
    <path d="M200 250 h60 v70 q0 50 -60 80z" fill="${p.metalShade}"/>
    <rect x="176" y="230" width="48" height="40" rx="8" fill="${p.body}"/>
  </g>`

const rake: Draw = (p) => `
  <g transform="rotate(-24 200 200)">
    <rect x="188" y="0" width="24" height="290" rx="10" fill="${p.accent}"/>
    <rect x="184" y="0" width="32" height="60" rx="12" fill="${p.body}"/>
    <rect x="60" y="280" width="280" height="30" rx="12" fill="${p.body}"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((index) => `<rect x="${72 + index * 36}" y="300" width="14" height="80" rx="6" fill="${p.metal}"/>`).join('')}
  </g>`

const shears: Draw = (p) => `
  <path d="M200 200 L96 360" stroke="${p.body}" stroke-width="44" stroke-linecap="round"/>
  <path d="M200 200 L304 360" stroke="${p.shade}" stroke-width="44" stroke-linecap="round"/>
  <path d="M190 210 Q120 110 150 20 Q200 90 214 196z" fill="${p.metal}"/>
  <path d="M212 210 Q270 120 240 40 Q190 100 186 196z" fill="${p.dark}"/>
  <circle cx="200" cy="204" r="22" fill="${p.metalShade}"/>
  <circle cx="200" cy="204" r="8" fill="${p.dark}"/>`

const axe: Draw = (p) => `
  <g transform="rotate(-24 200 210)">
    <rect x="178" y="90" width="40" height="300" rx="18" fill="${p.dark}"/>
    <rect x="178" y="330" width="40" height="60" rx="18" fill="${p.body}"/>
    <path d="M226 52 L312 22 Q352 96 322 176 L226 144z" fill="${p.metal}"/>
    <path d="M300 26 Q338 96 312 172 L322 176 Q352 96 312 22z" fill="#fff" opacity=".6"/>
    <path d="M226 110 L330 140 L322 176 L226 144z" fill="${p.metalShade}" opacity=".6"/>
    <rect x="150" y="40" width="96" height="120" rx="22" fill="${p.body}"/>
    <rect x="150" y="120" width="96" height="40" rx="18" fill="${p.shade}"/>
  </g>`

const handSaw: Draw = (p) => {
  const teeth = Array.from(
    { length: 18 },
    (_, index) => `${120 + index * 14},${300 - index * 9} ${127 + index * 14},${310 - index * 9}`,
  ).join(' ')
  return `
  <polygon points="110,240 360,80 386,110 126,320 ${teeth}" fill="${p.metal}"/>
  <polygon points="110,240 360,80 370,92 116,256" fill="#fff" opacity=".4"/>
  <path d="M30 250 q-10 -60 50 -80 l70 70 q-20 70 -80 60z" fill="${p.body}"/>
  <ellipse cx="80" cy="238" rx="26" ry="18" fill="${p.light}" transform="rotate(45 80 238)"/>`
}

const mower: Draw = (p) => `
  <path d="M260 220 L360 40 M300 230 L390 70" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>
  <path d="M356 34 l36 30" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>
  <path d="M250 120 h90 l-30 120 h-90z" fill="${p.shade}"/>
  <path d="M40 300 Q40 200 150 196 h120 Q330 200 330 300z" fill="${p.body}"/>
  <rect x="110" y="170" width="100" height="50" rx="16" fill="${p.dark}"/>
  <rect x="30" y="290" width="310" height="26" rx="12" fill="${p.shade}"/>
  <circle cx="90" cy="330" r="46" fill="${p.dark}"/><circle cx="90" cy="330" r="18" fill="${p.metal}"/>
  <circle cx="290" cy="330" r="46" fill="${p.dark}"/><circle cx="290" cy="330" r="18" fill="${p.metal}"/>`

const trimmer: Draw = (p) => `
  <path d="M60 360 L330 60" stroke="${p.metalShade}" stroke-width="18" stroke-linecap="round"/>
  <rect x="270" y="40" width="110" height="70" rx="24" fill="${p.body}" transform="rotate(-48 325 75)"/>
  <path d="M140 220 l60 40" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>
  <path d="M210 180 q40 -30 70 10" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>
  <path d="M20 330 a70 70 0 0 1 110 60" fill="${p.body}"/>
  <circle cx="62" cy="362" r="24" fill="${p.dark}"/>
  <path d="M30 392 l-20 6 M94 392 l20 6" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`

const wheelbarrow: Draw = (p) => `
  <path d="M150 290 L120 380 M250 280 L290 380" stroke="${p.metalShade}" stroke-width="14" stroke-linecap="round"/>
  <path d="M120 230 L380 180" stroke="${p.metalShade}" stroke-width="16" stroke-linecap="round"/>
  <path d="M30 150 h300 l-50 140 h-170z" fill="${p.body}"/>
  <path d="M30 150 h300 l-10 30 h-282z" fill="${p.shade}"/>
  <circle cx="90" cy="320" r="56" fill="${p.dark}"/>
  <circle cx="90" cy="320" r="22" fill="${p.metal}"/>
  <rect x="350" y="166" width="44" height="26" rx="12" fill="${p.dark}" transform="rotate(-11 372 179)"/>`

const pressureWasher: Draw = (p) => `
  <path d="M260 120 Q400 140 360 260 Q330 330 380 380" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>
  <path d="M250 70 L390 20" stroke="${p.metalShade}" stroke-width="14" stroke-linecap="round"/>
  <rect x="60" y="80" width="200" height="260" rx="40" fill="${p.body}"/>
  <rect x="60" y="250" width="200" height="90" rx="36" fill="${p.shade}"/>
  <rect x="90" y="110" width="140" height="70" rx="16" fill="${p.dark}"/>
  <circle cx="160" cy="145" r="20" fill="${p.accent}"/>
  <path d="M120 40 v40 M200 40 v40 M110 40 h100" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>
  <circle cx="110" cy="350" r="36" fill="${p.dark}"/><circle cx="110" cy="350" r="14" fill="${p.metal}"/>
  <circle cx="220" cy="350" r="36" fill="${p.dark}"/><circle cx="220" cy="350" r="14" fill="${p.metal}"/>`

const vacuum: Draw = (p) => `
  <path d="M230 170 Q330 120 330 40" fill="none" stroke="${p.dark}" stroke-width="20" stroke-linecap="round"/>
  <rect x="320" y="20" width="20" height="210" rx="8" fill="${p.metal}" transform="rotate(10 330 120)"/>
  <rect x="300" y="220" width="90" height="30" rx="10" fill="${p.dark}"/>
  <path d="M40 330 Q40 160 170 150 Q280 150 280 280 V330z" fill="${p.body}"/>
  <path d="M40 330 Q40 250 90 220 Q140 200 280 250 V330z" fill="${p.shade}"/>
  <circle cx="170" cy="220" r="42" fill="${p.dark}"/><circle cx="170" cy="220" r="20" fill="${p.metal}"/>
  <circle cx="80" cy="350" r="26" fill="${p.dark}"/><circle cx="240" cy="350" r="26" fill="${p.dark}"/>`

const bucket: Draw = (p) => `
  <path d="M70 150 Q200 0 330 150" fill="none" stroke="${p.dark}" stroke-width="12"/>
  <path d="M60 140 h280 l-32 230 h-216z" fill="${p.body}"/>
  <path d="M60 140 h280 l-6 40 h-268z" fill="${p.shade}"/>
  <path d="M90 200 l14 150" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".35"/>
  <rect x="48" y="126" width="304" height="26" rx="13" fill="${p.shade}"/>
  <rect x="140" y="240" width="120" height="50" rx="10" fill="${p.light}" opacity=".8"/>`

const dryingRack: Draw = (p) => `
  <path d="M60 380 L200 120 L340 380" fill="none" stroke="${p.metalShade}" stroke-width="14" stroke-linecap="round"/>
  <rect x="20" y="100" width="360" height="40" rx="14" fill="${p.metal}"/>
  ${[0, 1, 2, 3].map((index) => `<path d="M${40 + index * 10} ${180 + index * 50} h${320 - index * 20}" stroke="${p.metal}" stroke-width="10" stroke-linecap="round"/>`).join('')}
  <rect x="70" y="140" width="90" height="120" rx="6" fill="${p.body}"/>
  <rect x="210" y="140" width="110" height="80" rx="6" fill="${p.accent}"/>`

const chair: Draw = (p) => `
  <path d="M110 240 L80 390 M290 240 L320 390" stroke="${p.shade}" stroke-width="26" stroke-linecap="round"/>
  <path d="M140 250 L140 380 M260 250 L260 380" stroke="${p.shade}" stroke-width="20" stroke-linecap="round" opacity=".8"/>
  <path d="M96 40 Q200 10 304 40 L290 220 H110 Z" fill="${p.body}"/>
  <path d="M140 70 v120 M180 60 v130 M220 60 v130 M260 70 v120" stroke="${p.shade}" stroke-width="14" stroke-linecap="round"/>
  <path d="M70 210 h260 l-20 50 h-220z" fill="${p.body}"/>
  <rect x="70" y="250" width="260" height="22" rx="10" fill="${p.shade}"/>
  <path d="M60 160 q-10 60 20 90 M340 160 q10 60 -20 90" fill="none" stroke="${p.body}" stroke-width="22" stroke-linecap="round"/>`

const table: Draw = (p) => `
  <path d="M90 180 L70 380 M310 180 L330 380" stroke="${p.shade}" stroke-width="24" stroke-linecap="round"/>
  <path d="M150 200 L140 350 M250 200 L260 350" stroke="${p.shade}" stroke-width="18" stroke-linecap="round" opacity=".7"/>
  <ellipse cx="200" cy="170" rx="190" ry="70" fill="${p.shade}"/>
  <ellipse cx="200" cy="156" rx="190" ry="70" fill="${p.body}"/>
  <ellipse cx="200" cy="156" rx="150" ry="50" fill="none" stroke="${p.shade}" stroke-width="6" opacity=".6"/>
  <path d="M200 70 v40" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>
  <ellipse cx="200" cy="154" rx="26" ry="9" fill="${p.dark}"/>`

const parasol: Draw = (p) => {
  const panels = [0, 1, 2, 3, 4, 5].map((index) => {
    const from = 20 + index * 60
    const to = from + 60
    const color = index % 2 === 0 ? p.body : p.light
    return `<path d="M200 40 L${from} 200 Q${(from + to) / 2} 170 ${to} 200 Z" fill="${color}"/>`
  })
  return `
  <rect x="193" y="40" width="14" height="330" rx="6" fill="${p.metalShade}"/>
  ${panels.join('')}
  <path d="M200 40 L20 200 Q50 170 80 200 Q110 170 140 200" fill="${p.shade}" opacity=".25"/>
  <circle cx="200" cy="36" r="12" fill="${p.dark}"/>
  <path d="M120 380 h160 l-20 -24 h-120z" fill="${p.dark}"/>`
}

const castor: Draw = (p) => `
  <rect x="100" y="30" width="200" height="30" rx="8" fill="${p.metal}"/>
  <circle cx="130" cy="45" r="8" fill="${p.dark}"/><circle cx="270" cy="45" r="8" fill="${p.dark}"/>
  <rect x="170" y="60" width="60" height="40" rx="8" fill="${p.metalShade}"/>
  <path d="M120 100 h160 v120 h-30 v-80 h-100 v80 h-30z" fill="${p.metal}"/>
  <circle cx="200" cy="250" r="120" fill="${p.dark}"/>
  <circle cx="200" cy="250" r="86" fill="${p.body}"/>
  <circle cx="200" cy="250" r="40" fill="${p.metal}"/>
  <circle cx="200" cy="250" r="16" fill="${p.metalShade}"/>`

const shelf: Draw = (p) => `
  <rect x="50" y="20" width="22" height="370" rx="6" fill="${p.metalShade}"/>
  <rect x="328" y="20" width="22" height="370" rx="6" fill="${p.metalShade}"/>
  ${[0, 1, 2, 3].map((index) => `<rect x="40" y="${90 + index * 90}" width="320" height="18" rx="6" fill="${p.metal}"/>`).join('')}
  <rect x="90" y="40" width="90" height="50" rx="6" fill="${p.body}"/>
  <rect x="200" y="56" width="70" height="34" rx="6" fill="${p.accent}"/>
  <rect x="100" y="130" width="120" height="50" rx="6" fill="${p.accent}"/>
  <rect x="240" y="120" width="70" height="60" rx="6" fill="${p.body}"/>
  <rect x="90" y="240" width="80" height="30" rx="6" fill="${p.body}"/>
  <rect x="200" y="210" width="110" height="60" rx="6" fill="${p.shade}"/>
  <rect x="110" y="310" width="150" height="50" rx="6" fill="${p.shade}"/>`

const handTruck: Draw = (p) => `
  <path d="M150 30 L230 330" stroke="${p.body}" stroke-width="22" stroke-linecap="round"/>
  <path d="M230 30 L300 300" stroke="${p.shade}" stroke-width="22" stroke-linecap="round"/>
  <path d="M140 30 h100" stroke="${p.dark}" stroke-width="26" stroke-linecap="round"/>
  <path d="M168 110 l80 -20 M190 190 l80 -20 M210 270 l80 -20" stroke="${p.body}" stroke-width="14" stroke-linecap="round"/>
  <path d="M200 340 h150" stroke="${p.metalShade}" stroke-width="20" stroke-linecap="round"/>
  <circle cx="170" cy="340" r="50" fill="${p.dark}"/><circle cx="170" cy="340" r="20" fill="${p.metal}"/>`

const paintCan: Draw = (p) => `
  <path d="M80 130 Q200 20 320 130" fill="none" stroke="${p.metalShade}" stroke-width="10"/>
  <rect x="70" y="120" width="260" height="250" rx="18" fill="${p.metal}"/>
  <rect x="70" y="170" width="260" height="150" fill="${p.body}"/>
  <rect x="70" y="300" width="260" height="20" fill="${p.shade}"/>
  <ellipse cx="200" cy="120" rx="130" ry="24" fill="${p.metalShade}"/>
  <ellipse cx="200" cy="118" rx="110" ry="16" fill="${p.body}"/>
  <path d="M110 170 v40 a14 14 0 0 0 28 0 v-40 M180 170 v70 a14 14 0 0 0 28 0 v-70" fill="${p.body}"/>
  <rect x="230" y="200" width="80" height="80" rx="40" fill="${p.light}" opacity=".9"/>
  <circle cx="270" cy="240" r="22" fill="${p.body}"/>`

const brush: Draw = (p) => `
  <g transform="rotate(-35 200 200)">
    <rect x="170" y="170" width="60" height="220" rx="28" fill="${p.accent}"/>
    <circle cx="200" cy="360" r="10" fill="${p.dark}"/>
    <rect x="140" y="120" width="120" height="70" rx="10" fill="${p.metal}"/>
    <rect x="140" y="140" width="120" height="12" fill="${p.metalShade}"/>
    <path d="M140 120 h120 l6 -90 q-66 -20 -132 0z" fill="${p.dark}"/>
    <path d="M134 30 q66 -20 132 0 l-2 30 q-20 20 -40 0 q-20 20 -44 0 q-24 22 -44 0z" fill="${p.body}"/>
  </g>`

const roller: Draw = (p) => `
  <path d="M330 110 v60 h-130 v80" fill="none" stroke="${p.metalShade}" stroke-width="14" stroke-linejoin="round"/>
  <rect x="186" y="240" width="28" height="150" rx="12" fill="${p.dark}"/>
  <rect x="40" y="40" width="310" height="100" rx="40" fill="${p.body}"/>
  <rect x="40" y="100" width="310" height="40" rx="20" fill="${p.shade}"/>
  <path d="M70 56 v70 M110 56 v70 M150 56 v70 M190 56 v70 M230 56 v70 M270 56 v70 M310 56 v70" stroke="${p.shade}" stroke-width="6" opacity=".6"/>`

const sprayCan: Draw = (p) => `
  <g fill="${p.body}" opacity=".5"><circle cx="70" cy="70" r="10"/><circle cx="40" cy="110" r="8"/><circle cx="90" cy="120" r="6"/><circle cx="50" cy="50" r="6"/></g>
  <rect x="160" y="40" width="50" height="40" rx="8" fill="${p.dark}"/>
  <rect x="120" y="70" width="130" height="50" rx="20" fill="${p.metal}"/>
  <rect x="110" y="110" width="150" height="270" rx="30" fill="${p.body}"/>
  <rect x="110" y="200" width="150" height="100" fill="${p.light}"/>
  <rect x="130" y="230" width="110" height="40" rx="8" fill="${p.body}" opacity=".6"/>
  <rect x="110" y="340" width="150" height="40" rx="20" fill="${p.shade}"/>`

const tap: Draw = (p) => `
  <rect x="40" y="150" width="60" height="150" rx="10" fill="${p.metalShade}"/>
  <rect x="90" y="180" width="160" height="70" rx="30" fill="${p.metal}"/>
  <path d="M230 200 Q330 200 330 290 V320 h-60 V290 Q270 260 230 250z" fill="${p.metal}"/>
  <rect x="262" y="316" width="76" height="26" rx="10" fill="${p.metalShade}"/>
  <rect x="140" y="90" width="40" height="100" rx="14" fill="${p.metalShade}"/>
  <rect x="90" y="70" width="140" height="40" rx="18" fill="${p.body}"/>
  <path d="M300 360 q-8 16 0 24 q8 -8 0 -24z" fill="#38bdf8"/>`

const valve: Draw = (p) => `
  <rect x="20" y="200" width="360" height="80" rx="12" fill="${p.metalShade}"/>
  <rect x="20" y="196" width="60" height="88" rx="8" fill="${p.metal}"/>
  <rect x="320" y="196" width="60" height="88" rx="8" fill="${p.metal}"/>
  <polygon points="120,170 280,170 300,240 280,310 120,310 100,240" fill="${p.metal}"/>
  <rect x="180" y="110" width="40" height="70" rx="6" fill="${p.metalShade}"/>
  <rect x="60" y="70" width="260" height="50" rx="24" fill="${p.body}"/>
  <circle cx="200" cy="96" r="14" fill="${p.dark}"/>`

const pipes: Draw = (p) => `
  <path d="M30 300 H170 Q230 300 230 240 V40" fill="none" stroke="${p.metal}" stroke-width="64"/>
  <path d="M30 300 H170 Q230 300 230 240 V40" fill="none" stroke="${p.metalShade}" stroke-width="20" opacity=".5"/>
  <rect x="110" y="256" width="40" height="88" rx="6" fill="${p.body}"/>
  <rect x="186" y="110" width="88" height="40" rx="6" fill="${p.body}"/>
  <rect x="270" y="230" width="110" height="110" rx="20" fill="${p.body}"/>
  <circle cx="325" cy="285" r="30" fill="${p.metal}"/>`

export const ILLUSTRATIONS = {
  drill,
  grinder,
  'circular-saw': circularSaw,
  hammer,
  screwdriver,
  wrench,
  pliers,
  'tape-measure': tapeMeasure,
  'spirit-level': spiritLevel,
  toolbox,
  ladder,
  welder,
  'welding-mask': weldingMask,
  gloves,
  helmet,
  box,
  screws,
  hook,
  rope,
  chain,
  net,
  cable,
  'cable-reel': cableReel,
  bulb,
  floodlight,
  lamp,
  socket,
  hose,
  sprinkler,
  'watering-can': wateringCan,
  shovel,
  rake,
  shears,
  axe,
  'hand-saw': handSaw,
  mower,
  trimmer,
  wheelbarrow,
  'pressure-washer': pressureWasher,
  vacuum,
  bucket,
  'drying-rack': dryingRack,
  chair,
  table,
  parasol,
  castor,
  shelf,
  'hand-truck': handTruck,
  'paint-can': paintCan,
  brush,
  roller,
  'spray-can': sprayCan,
  tap,
  valve,
  pipes,
} satisfies Record<string, Draw>

export type IllustrationKind = keyof typeof ILLUSTRATIONS
