// Footer with the data attribution that must stay visible (SAPS, Stats SA, MDB).
import { attribution, strings } from '../../config/strings'

export function Footer() {
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">{strings.footer.sources}</h2>
      <ul className="attribution" data-testid="attribution">
        {attribution.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </footer>
  )
}
