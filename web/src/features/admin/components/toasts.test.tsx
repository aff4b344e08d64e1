// Toasts (section 8): success and error kinds, closing after 3 seconds, no progress bar, and the
// timer pauses while the pointer is on the toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ToastProvider, useToast } from './toasts'
import { adminStrings } from '../../../config/admin-strings'

function Buttons() {
  const toast = useToast()
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved.')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('A -- B')}>
        fail
      </button>
    </>
  )
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('close after 3 seconds, without a progress bar, in live regions', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    )
    fireEvent.click(screen.getByText('ok'))
    fireEvent.click(screen.getByText('fail'))
    const success = screen.getByTestId('toast-success')
    const error = screen.getByTestId('toast-error')
    expect(success).toHaveTextContent('Saved.')
    expect(success.closest('[role="status"]')).not.toBeNull()
    expect(error.closest('[role="alert"]')).not.toBeNull()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(2999)
    })
    expect(screen.getByTestId('toast-success')).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument()
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument()
  })

  it('stay while the pointer rests on them, and close with the button', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    )
    fireEvent.click(screen.getByText('ok'))
    fireEvent.mouseEnter(screen.getByTestId('toast-success'))
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(screen.getByTestId('toast-success')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: adminStrings.messages.dismiss }))
    expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument()
  })
})
