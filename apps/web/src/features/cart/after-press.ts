// Runs work once a pointer press in progress has ended, so that what it changes on screen cannot
// move the pressed control away from under the pointer before its click (docs/decisions.md, Walk-through fixes: an
// error shown under a field left by that press pushed 'Naručite' and the shipping options aside).

let isPressed = false
let pending: (() => void) | null = null
let timer: ReturnType<typeof setTimeout> | undefined
let isListening = false

function runPending() {
  const work = pending
  pending = null
  work?.()
}

function listen() {
  if (isListening || typeof document === 'undefined') return
  isListening = true
  document.addEventListener('pointerdown', () => (isPressed = true), true)
  // A mouse's click follows its release in the same task; a tap's click may come a little later.
  const release = () => {
    isPressed = false
    clearTimeout(timer)
    timer = setTimeout(runPending, 300)
  }
  document.addEventListener('pointerup', release, true)
  document.addEventListener('pointercancel', release, true)
  document.addEventListener(
    'click',
    () => {
      clearTimeout(timer)
      timer = setTimeout(runPending, 0)
    },
    true,
  )
}

/** Runs work now, or, while a pointer is pressed, after that press's click (the latest work wins). */
export function afterPress(work: () => void): void {
  listen()
  if (!isPressed) {
    work()
    return
  }
  const earlier = pending
  pending = () => {
    earlier?.()
    work()
  }
}

/** Starts listening before the first press (a press already under way when this runs is not seen). */
export function watchPresses(): void {
  listen()
}
