// /cover-your-tracks: how to visit this site more safely (docs/decisions/0132).
import { coverYourTracksStrings as s } from '../../config/cover-your-tracks-strings'

export function CoverYourTracks() {
  return (
    <article className="cover-your-tracks">
      <h1>{s.title}</h1>
      <p>{s.intro}</p>
      <h2>{s.quickExitTitle}</h2>
      <p>{s.quickExit}</p>
      <h2>{s.privateTitle}</h2>
      <p>{s.private}</p>
      <h2>{s.clearTitle}</h2>
      <p>{s.clearPhone}</p>
      <p>{s.clearComputer}</p>
      <p>{s.careful}</p>
      <h2>{s.helpTitle}</h2>
      <p>{s.help}</p>
    </article>
  )
}
