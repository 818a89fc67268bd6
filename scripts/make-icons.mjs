// Draws the shop's favicon set and install icons from apps/web/public/favicon.svg (docs/decisions.md,
// 'Icons and install'). Run after changing the SVG: node scripts/make-icons.mjs
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const publicDir = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'public')
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').trim()
// Home screens round the corners themselves and fill what is transparent with black or white,
// so the install icons are the same drawing on a full square ('maskable' keeps the house in the middle 80 %).
const square = svg.replace(/ rx="\d+"/, '')
const maskable = square
  .replace(/<path /, '<g transform="translate(4 4) scale(0.8)"><path ')
  .replace(/<\/svg>$/, '</g></svg>')

async function png(source, size) {
  return sharp(Buffer.from(source), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** An ICO file holding PNG images (every browser since IE 11 reads them). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index
    header.writeUInt8(size >= 256 ? 0 : size, entry)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(data.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...images.map((image) => image.data)])
}

const icoImages = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(svg, size) })))
fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico(icoImages))
fs.writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await png(square, 180))
fs.writeFileSync(path.join(publicDir, 'icon-192.png'), await png(square, 192))
fs.writeFileSync(path.join(publicDir, 'icon-512.png'), await png(square, 512))
fs.writeFileSync(path.join(publicDir, 'icon-maskable-512.png'), await png(maskable, 512))
