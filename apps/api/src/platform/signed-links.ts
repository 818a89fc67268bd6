import { createHmac, timingSafeEqual } from 'node:crypto'

/** A signed link stays the same for a window and is good for one more (so a browser may keep the file). */
export const SIGNED_LINK_WINDOW_SECONDS = 12 * 3600

/**
 * Links to private files (docs/decisions.md ('Complaints and returns'), 'Private photos'): a path with
 * `expires` (seconds) and `sig`, an HMAC of both under a key derived from the shop's signing key, so that
 * every API process signs and checks alike with no setting. A link opens the file without a session
 * (an <img> sends none) until it expires; anyone without a link gets 404.
 */
export function createLinkSigner(secret: () => Promise<string>, now: () => number) {
  let known: Promise<Buffer> | undefined
  const keyOf = (): Promise<Buffer> => {
    known ??= secret().then(
      (value) => createHmac('sha256', value).update('signed-file-links').digest(),
      (error: unknown) => {
        known = undefined
        throw error
      },
    )
    return known
  }
  const signatureOf = async (path: string, expires: number): Promise<Buffer> =>
    createHmac('sha256', await keyOf())
      .update(`${path}\n${expires}`)
      .digest()

  return {
    /** The path with its signature; it expires between one and two windows from now. */
    async sign(path: string): Promise<string> {
      const window = SIGNED_LINK_WINDOW_SECONDS
      const expires = (Math.floor(now() / 1000 / window) + 2) * window
      const signature = (await signatureOf(path, expires)).toString('base64url')
      return `${path}?expires=${expires}&sig=${signature}`
    },
    /** Whether `sig` signs the path until `expires`, and that time is still ahead. */
    async verify(path: string, expires: string, signature: string): Promise<boolean> {
      if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false
      const until = Number(expires)
      if (until * 1000 <= now()) return false
      const expected = await signatureOf(path, until)
      const given = Buffer.from(signature, 'base64url')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
    /** Seconds until the link expires (for a private Cache-Control). */
    secondsLeft(expires: string): number {
      return Math.max(0, Number(expires) - Math.floor(now() / 1000))
    },
  }
}

export type LinkSigner = ReturnType<typeof createLinkSigner>
