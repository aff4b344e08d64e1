// Error boundaries for cards and views: a card or view that throws while rendering says so in its
// own box (the section 8 generic failure) and the rest of the page keeps working. Each boundary
// tries again when its reset keys change (a new area or filter selection, another view).
import type { ReactNode } from 'react'
import { ErrorBoundary } from 'react-error-boundary'
import { Card } from './card'
import { ErrorMessage } from './status'

type ResetKeys = unknown[]

/** The general form: `fallback` replaces `children` when they throw. */
export function Boundary({
  fallback,
  resetKeys,
  children,
}: {
  fallback: ReactNode
  resetKeys?: ResetKeys
  children: ReactNode
}) {
  return (
    <ErrorBoundary fallback={fallback} resetKeys={resetKeys}>
      {children}
    </ErrorBoundary>
  )
}

/** The box a failed card leaves: its title and the generic failure message. */
export function FailedCard({ title, headingLevel = 3 }: { title: string; headingLevel?: 2 | 3 }) {
  return (
    <Card title={title} headingLevel={headingLevel} className="card--failed" testId="card-error">
      <ErrorMessage />
    </Card>
  )
}

/** One dashboard card (or a group of cards) behind its own boundary. */
export function CardBoundary({
  title,
  headingLevel = 3,
  resetKeys,
  children,
}: {
  title: string
  headingLevel?: 2 | 3
  resetKeys?: ResetKeys
  children: ReactNode
}) {
  return (
    <Boundary fallback={<FailedCard title={title} headingLevel={headingLevel} />} resetKeys={resetKeys}>
      {children}
    </Boundary>
  )
}

/** A whole view behind its own boundary: header, filters and footer stay usable when it fails. */
export function ViewBoundary({ resetKeys, children }: { resetKeys?: ResetKeys; children: ReactNode }) {
  return (
    <Boundary
      resetKeys={resetKeys}
      fallback={
        <div className="view-error" data-testid="view-error">
          <ErrorMessage />
        </div>
      }
    >
      {children}
    </Boundary>
  )
}
