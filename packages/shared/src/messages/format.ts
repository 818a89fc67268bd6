// Apart from messages/bs.ts, so that a page that needs only this function (the app frame, the
// storefront pages) does not load every section of the texts with it.

/** Fills '{name}' placeholders: format('Nevažeća zaliha za opciju {size}', { size: 'XL' }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
}
