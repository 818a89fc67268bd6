export type DescriptionBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }

const BULLET = /^\s*[-*]\s+(.*)$/

/** customer-side.md §2 Product page: lines starting with '- ' or '* ' become bullets; other lines paragraphs. */
export function parseDescription(text: string | null | undefined): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = []
  for (const line of (text ?? '').split(/\r?\n/)) {
    const bullet = BULLET.exec(line)
    if (bullet) {
      const item = (bullet[1] ?? '').trim()
      if (item === '') continue
      const last = blocks.at(-1)
      if (last?.kind === 'list') last.items.push(item)
      else blocks.push({ kind: 'list', items: [item] })
    } else if (line.trim() !== '') {
      blocks.push({ kind: 'paragraph', text: line.trim() })
    }
  }
  return blocks
}
