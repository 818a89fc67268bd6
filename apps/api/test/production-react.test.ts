import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useBuiltWebTestApp } from './built-web.ts'

// docs/decisions.md, 'Production React': the storefront's server bundle holds React's production build only,
// whatever NODE_ENV the server runs with (the development build costs about three times the CPU per page).

const { test, web } = useBuiltWebTestApp('shop-react-build-')

function serverBundleText(): string {
  const folder = path.join(web.dist, 'server')
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'))
    .join('\n')
}

describe('the server render', () => {
  it("carries React's production build and no development build or NODE_ENV switch", () => {
    const bundle = serverBundleText()
    expect(bundle).toContain('react-dom-server.node.production')
    expect(bundle).not.toContain('react-dom-server.node.development')
    expect(bundle).not.toContain('process.env.NODE_ENV')
  })

  it('renders a storefront page with it, though the tests run with NODE_ENV=test', async () => {
    expect(process.env.NODE_ENV).toBe('test')
    const page = await test.app.inject({ url: '/about' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toMatch(/<div id="root">\s*<[a-z]/)
  })
})
