// A labelled progress bar of the admin cards (section 1 and 2): the figure as text beside the
// label, the bar coloured green, orange or red by how far along it is (section 9 colours).
import { progressTone } from '../dashboard/dashboard-model'

/** A progress bar of `value` against `total`, spoken as `text`. */
export function Progress({ label, text, value, total, testId }: { label: string; text: string; value: number; total: number; testId: string }) {
  const percent = total > 0 ? Math.min(100, Math.round((value / total) * 100)) : 0
  return (
    <div className="admin-progress" data-testid={testId}>
      <div className="admin-progress__labels">
        <span className="admin-progress__label">{label}</span>
        <span className="admin-progress__text">{text}</span>
      </div>
      <div className={`admin-progress__bar admin-progress__bar--${progressTone(value, total)}`} role="progressbar"
        aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
