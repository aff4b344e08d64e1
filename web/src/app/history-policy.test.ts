// The public views keep one history entry; other screens push as usual (history-policy.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { isPublicPath, withPublicViewsReplacing } from './history-policy'

describe('history policy', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('knows the public views', () => {
    for (const p of [
      '/',
      '/home',
      '/home/',
      '/home/map',
      '/home/grid',
      '/embed/chart',
      '/embed/grid/',
      '/cover-your-tracks',
      '/data',
      '/Questionnaire/SurveyQuestions',
    ])
      expect(isPublicPath(p), p).toBe(true)
    for (const p of [
      '/auth/login/',
      '/admin/',
      '/buildingBlock/manage',
      '/organisation/',
      '/homework',
      '/database',
      '/embedded',
    ])
      expect(isPublicPath(p), p).toBe(false)
  })

  it('replaces the entry between public views, and pushes everywhere else', () => {
    const win = withPublicViewsReplacing(window)
    window.history.replaceState(null, '', '/home')
    const start = window.history.length
    win.history.pushState({ idx: 1 }, '', '/home/map?boundaryId=1')
    win.history.pushState({ idx: 2 }, '', '/home/chart')
    expect(window.history.length).toBe(start)
    expect(window.location.pathname).toBe('/home/chart')
    expect(win.history.state).toEqual({ idx: 2 })
    // Into the staff screens and between them: ordinary entries.
    win.history.pushState(null, '', '/auth/login/')
    win.history.pushState(null, '', '/auth/forgot-password/')
    expect(window.history.length).toBe(start + 2)
  })

  it('is the real window for everything else', () => {
    const win = withPublicViewsReplacing(window)
    expect(win.location).toBe(window.location)
    expect(win.document).toBe(window.document)
    let heard = false
    const listener = () => (heard = true)
    win.addEventListener('popstate', listener)
    window.dispatchEvent(new PopStateEvent('popstate'))
    win.removeEventListener('popstate', listener)
    expect(heard).toBe(true)
  })
})
