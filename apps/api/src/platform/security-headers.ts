import type { FastifyInstance } from 'fastify'

/**
 * The shop keeps its token in the browser's storage, so script injection is the threat that matters:
 * the app's pages get a Content-Security-Policy that admits only the shop's own scripts, styles,
 * images and API (nothing is loaded from other hosts), and may not be framed. The API docs page
 * (swagger-ui, with inline scripts of its own) keeps only the headers that apply to every response.
 * With S3_PUBLIC_URL, images also come from the bucket's or CDN's origin.
 */
export function contentSecurityPolicy(imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React sets the spinner's size through a style attribute.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...imageOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

export function installSecurityHeaders(app: FastifyInstance): void {
  const publicUrl = app.config?.s3?.publicUrl
  const policy = publicUrl ? contentSecurityPolicy([new URL(publicUrl).origin]) : CONTENT_SECURITY_POLICY
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html') && !request.url.startsWith('/api/docs')) {
      reply.header('content-security-policy', policy)
    }
  })
}
