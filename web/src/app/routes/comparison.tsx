// /home/comparison: a placeholder until the comparison view exists.
import { strings } from '../../config/strings'

export function Component() {
  return (
    <div className="placeholder-view">
      <h1>{strings.views.comparison}</h1>
      <p className="coming-soon">{strings.messages.comingSoon}</p>
    </div>
  )
}
