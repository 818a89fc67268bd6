// `npm run build -w apps/api`: the API as JavaScript in dist/, run by plain `node` in production
// (docs/decisions.md, 'A production build without dev tools'). esbuild bundles the API's TypeScript and
// packages/shared into one module per command — the server, backup and restore, create-admin — with the
// code they share in chunks beside them, and source maps (`node --enable-source-maps` names the .ts lines).
// Every npm package stays outside the bundle and is loaded from node_modules as installed: the native ones
// (argon2, sharp), PGlite's WebAssembly, the AWS SDK. The migrations and the PGlite worker are copied to
// the same places under dist/ as under src/ (src/files.ts).
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = import.meta.dirname
const source = path.join(root, 'src')
const out = path.join(root, 'dist')

/** Bare imports (npm packages) stay imports; the workspace's own packages (@shop/*) are TypeScript and go in. */
const packagesStayOutside = {
  name: 'packages-stay-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    )
  },
}

fs.rmSync(out, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'backup-cli': 'src/ops/backup-cli.ts',
    'create-admin': 'src/ops/create-admin.ts',
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  // The chunks sit beside the entries, directly in dist/, like src/files.ts in src/.
  chunkNames: '[name]-[hash]',
  plugins: [packagesStayOutside],
  logLevel: 'warning',
})
fs.cpSync(path.join(source, 'db', 'migrations'), path.join(out, 'db', 'migrations'), { recursive: true })
fs.mkdirSync(path.join(out, 'platform'), { recursive: true })
fs.copyFileSync(path.join(source, 'platform', 'pglite-worker.js'), path.join(out, 'platform', 'pglite-worker.js'))
