// The header's language picker and, for a catalog no first-language speaker has reviewed yet, the
// small "Translation under review" note with a link to report a problem (docs/translators.md).
import { Fragment, useId, type ReactNode } from 'react'
import { links } from '../config/constants'
import { languageStrings } from './language-strings'
import { languages, switchLanguage, underReview, useActiveLocale } from './locale'

/**
 * A select of the shipped languages, each named in its own language. A language whose catalog
 * cannot be fetched (offline before it was ever loaded) leaves the page as it is.
 */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const locale = useActiveLocale()
  const id = useId()
  return (
    <span className={`language-picker ${className}`}>
      <label htmlFor={id} className="language-picker__label">
        {languageStrings.label}
      </label>
      <select id={id} value={locale} onChange={(e) => void switchLanguage(e.target.value).catch(() => undefined)}>
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} translate="no">
            {l.language}
          </option>
        ))}
      </select>
    </span>
  )
}

/** Shown while the active catalog waits for review; nothing for English or a reviewed catalog. */
export function TranslationNote() {
  const locale = useActiveLocale()
  if (!underReview(locale)) return null
  const subject = `${languageStrings.reportSubject} (${locale}): ${location.pathname}`
  return (
    <p className="translation-note" role="note" data-testid="translation-note">
      {languageStrings.underReview}{' '}
      {links.feedbackEmail ? (
        <a href={`mailto:${links.feedbackEmail}?subject=${encodeURIComponent(subject)}`}>
          {languageStrings.reportProblem}
        </a>
      ) : null}
    </p>
  )
}

/** Renders `children` afresh in the reader's language each time it changes. */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const locale = useActiveLocale()
  return <Fragment key={locale}>{children}</Fragment>
}
