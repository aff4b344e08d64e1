// /terms: the terms and conditions the sign-up form asks to accept (config/terms-strings.ts).
import { termsStrings as s } from '../../config/terms-strings'

export function Terms() {
  return (
    <article className="cover-your-tracks" data-testid="terms">
      <h1>{s.title}</h1>
      <p>{s.intro}</p>
      <h2>{s.registeringTitle}</h2>
      <p>{s.registering}</p>
      <h2>{s.personalTitle}</h2>
      <p>{s.personal}</p>
      <h2>{s.publishedTitle}</h2>
      <p>{s.published}</p>
      <h2>{s.surveysTitle}</h2>
      <p>{s.surveys}</p>
      <h2>{s.useTitle}</h2>
      <p>{s.use}</p>
      <h2>{s.figuresTitle}</h2>
      <p>{s.figures}</p>
    </article>
  )
}
