/** 'DD.MM.YYYY. HH:mm:ss' in UTC, the time zone of the date filter (the page says so). */
export function formatLogTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const two = (value: number) => String(value).padStart(2, '0')
  return (
    `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}. ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  )
}
