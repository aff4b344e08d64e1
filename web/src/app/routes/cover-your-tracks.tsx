// /cover-your-tracks: private browsing and clearing the history.
import { useEffect } from 'react'
import { CoverYourTracks } from '../../features/safety/cover-your-tracks'
import { coverYourTracksStrings } from '../../config/cover-your-tracks-strings'
import { strings } from '../../config/strings'

export function Component() {
  useEffect(() => {
    document.title = `${coverYourTracksStrings.title} – ${strings.appName}`
  }, [])
  return <CoverYourTracks />
}
