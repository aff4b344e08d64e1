// Footer with the sources of the view on screen (components/credits.tsx); hidden when the view
// shows no data (sign-in screens, the comparison placeholder).
import { useCreditLines } from '../../components/credits'
import { strings } from '../../config/strings'

export function Footer() {
  const lines = useCreditLines()
  if (lines.length === 0) return null
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">{strings.footer.sources}</h2>
      <ul className="attribution" data-testid="attribution">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </footer>
  )
}
