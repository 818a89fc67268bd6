import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The text of a PDF as pdftotext (poppler-utils, installed by .ci/run) reads it, with the layout
 * kept so that a table row stays on one line. A real reader, not our own parser: what it reads is
 * what a person's viewer shows.
 */
export function pdfText(bytes: Buffer | Uint8Array): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'))
  try {
    const file = path.join(directory, 'document.pdf')
    fs.writeFileSync(file, bytes)
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  } finally {
    fs.rmSync(directory, { recursive: true, force: true })
  }
}

/** How many pages the PDF has (pdfinfo). */
export function pdfPageCount(bytes: Buffer | Uint8Array): number {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-info-'))
  try {
    const file = path.join(directory, 'document.pdf')
    fs.writeFileSync(file, bytes)
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0)
  } finally {
    fs.rmSync(directory, { recursive: true, force: true })
  }
}
