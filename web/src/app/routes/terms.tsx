// /terms: the terms and conditions linked from sign-up.
import { useEffect } from 'react'
import { Terms } from '../../features/legal/terms'
import { termsStrings } from '../../config/terms-strings'
import { strings } from '../../config/strings'

export function Component() {
  useEffect(() => {
    document.title = `${termsStrings.title} – ${strings.appName}`
  }, [])
  return <Terms />
}
