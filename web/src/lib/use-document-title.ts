// Sets the page title of a screen: '{screen} – GBVF Dashboard'.
import { useEffect } from 'react'
import { strings } from '../config/strings'

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – ${strings.appName}`
  }, [title])
}
