import { wholesale } from '@shop/shared/messages/bs/wholesale.ts'

/** What a catalogue download answered: its status, Content-Type and body size in bytes. */
export type DownloadAnswer = { status: number; contentType: string | null; size: number }

const { notFound, failed, wrongType, emptyFile } = wholesale.catalogs

/**
 * The message a refused catalogue download shows (staff-and-content.md §8 Catalogue download),
 * or undefined when the answer is a PDF to save. No answer at all (a network error) is `failed`.
 */
export function downloadError(answer: DownloadAnswer | undefined): string | undefined {
  if (!answer) return failed
  if (answer.status === 404) return notFound
  if (answer.status < 200 || answer.status > 299) return failed
  const type = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/pdf') return wrongType
  if (answer.size === 0) return emptyFile
  return undefined
}
