/**
 * Hands a file (a PDF, a CSV, a JSON export) to the browser as a download from a blob: URL: a plain link
 * could not carry the session's token, and the page's CSP allows blob: downloads.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser reads the blob when the download starts; the URL can go a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
