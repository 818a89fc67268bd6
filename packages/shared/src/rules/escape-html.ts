/**
 * Text made safe inside HTML or XML, in element content and in quoted attributes alike: & < > " and '
 * become entities. &#39; rather than &apos;, which HTML 4 and some mail clients do not know.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character)
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
