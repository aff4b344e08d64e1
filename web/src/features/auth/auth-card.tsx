// The frame of an auth screen: a centred card with the screen's heading.
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../lib/use-document-title'

export function AuthCard({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <section className={`auth-card ${wide ? 'auth-card--wide' : ''}`} aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
    </section>
  )
}
