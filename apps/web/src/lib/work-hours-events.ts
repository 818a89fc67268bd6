import type { WorkHoursList } from '@shop/shared/schemas/catalogue.ts'

// The footer (app/layout) keeps the work hours it loaded; the work hours admin page (a feature)
// announces a save here, so the footer shows the new hours at once without importing the page.

const WORK_HOURS_SAVED = 'shop:work-hours-saved'

export type SavedWorkHours = WorkHoursList

export function announceWorkHoursSaved(hours: SavedWorkHours): void {
  window.dispatchEvent(new CustomEvent<SavedWorkHours>(WORK_HOURS_SAVED, { detail: hours }))
}

/** Calls `listener` with each saved list; returns the unsubscribe. */
export function onWorkHoursSaved(listener: (hours: SavedWorkHours) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<SavedWorkHours>).detail)
  window.addEventListener(WORK_HOURS_SAVED, handle)
  return () => window.removeEventListener(WORK_HOURS_SAVED, handle)
}
