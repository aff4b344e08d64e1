// Leading+trailing throttle for map hover handlers (32 ms, section 9).
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
): ((...args: A) => void) & { cancel(): void } {
  let last = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let pending: A | null = null
  const run = (args: A) => {
    last = Date.now()
    fn(...args)
  }
  const throttled = (...args: A) => {
    const remaining = waitMs - (Date.now() - last)
    if (remaining <= 0) {
      if (timer) {
        clearTimeout(timer)
        timer = null
      }
      run(args)
    } else {
      pending = args
      timer ??= setTimeout(() => {
        timer = null
        if (pending) {
          const p = pending
          pending = null
          run(p)
        }
      }, remaining)
    }
  }
  throttled.cancel = () => {
    if (timer) clearTimeout(timer)
    timer = null
    pending = null
  }
  return throttled
}
