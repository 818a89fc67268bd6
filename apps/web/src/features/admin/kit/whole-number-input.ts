/**
 * The attributes of an input for a whole number (a count, a threshold, a percentage, an order): the
 * phone's number keyboard and steps of 1 from `min`, up to `max` where there is one.
 */
export function wholeNumberInput(min: number, max?: number) {
  return { type: 'number', inputMode: 'numeric', min, max, step: 1 } as const
}
