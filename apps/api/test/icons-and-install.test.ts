import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { useBuiltWebTestApp } from './built-web.ts'

// The shop's favicon set and web app manifest, and a 404 for every file that is not there, never the
// app's HTML (docs/decisions.md, 'Icons and install').

const { test } = useBuiltWebTestApp('shop-icons-web-')

async function get(url: string) {
  return test.app.inject({ method: 'GET', url })
}

async function pngSize(url: string): Promise<string> {
  const response = await get(url)
  expect(response.statusCode, url).toBe(200)
  expect(response.headers['content-type'], url).toBe('image/png')
  const { width, height } = await sharp(response.rawPayload).metadata()
  return `${width}x${height}`
}

describe('icons and install', () => {
  it('answers /favicon.ico with an icon of 16, 32 and 48 px', async () => {
    const response = await get('/favicon.ico')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
    const icon = response.rawPayload
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 3])
    expect([0, 1, 2].map((index) => icon.readUInt8(6 + 16 * index))).toEqual([16, 32, 48])
  })

  it('answers /apple-touch-icon.png with a 180 px PNG', async () => {
    expect(await pngSize('/apple-touch-icon.png')).toBe('180x180')
  })

  it("answers /manifest.webmanifest with the shop's name, colours and icons of the sizes they claim", async () => {
    const response = await get('/manifest.webmanifest')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/manifest+json')
    const manifest = JSON.parse(response.body) as {
      name: string
      theme_color: string
      start_url: string
      display: string
      icons: { src: string; sizes: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Trgovina Sovići',
      theme_color: '#185c3f',
      start_url: '/',
      display: 'standalone',
    })
    for (const icon of manifest.icons) expect(await pngSize(icon.src), icon.src).toBe(icon.sizes)
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
  })

  it("links the icons and the manifest in every page's head", async () => {
    for (const url of ['/', '/cart']) {
      const { body } = await get(url)
      expect(body).toContain('<link rel="icon" href="/favicon.ico"')
      expect(body).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"')
      expect(body).toContain('<link rel="manifest" href="/manifest.webmanifest"')
    }
  })

  it("answers 404 for a file that is not there, not the app's HTML", async () => {
    for (const url of ['/favicon-32x32.png', '/wp-login.php', '/assets/main-gone.js', '/old/logo.svg', '/.env']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('<div id="root">')
    }
  })

  it('still answers the app for a page whose address holds a dot (a product code)', async () => {
    const response = await get('/product/KAB-3X2.5')
    expect(response.body).toContain('<div id="root">')
  })
})
