// Whether this browser can give MapLibre the WebGL2 context it needs. Checked once, before any map
// is created, so a browser without WebGL2 shows the data-table alternative instead of a map that
// throws while it mounts (and never downloads the map library for nothing).

let known: boolean | null = null

function probe(): boolean {
  if (typeof document === 'undefined') return false
  try {
    const canvas = document.createElement('canvas')
    // Not every environment has getContext (jsdom has it but only logs 'not implemented').
    if (typeof canvas.getContext !== 'function' || typeof WebGL2RenderingContext === 'undefined') return false
    const gl = canvas.getContext('webgl2')
    if (!gl) return false
    // Give the probe's context back straight away: browsers cap the live contexts per page.
    gl.getExtension('WEBGL_lose_context')?.loseContext()
    return true
  } catch {
    return false
  }
}

/** True when a WebGL2 context can be created (the result is remembered for the page's life). */
export function supportsWebGL2(): boolean {
  if (known == null) known = probe()
  return known
}

/** Called when a map failed to create its context after all: later maps go straight to the fallback. */
export function markWebGL2Unavailable(): void {
  known = false
}

/** Tests only: forget the remembered answer. */
export function resetWebGL2Check(): void {
  known = null
}
