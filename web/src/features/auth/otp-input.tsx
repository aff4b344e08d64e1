// Six one-digit boxes for the verification code (section 2): digits only, typing moves on,
// Backspace moves back, pasting fills every box. Non-digits are refused and reported.
import { useRef } from 'react'
import { OTP_LENGTH } from '../../config/constants'
import { strings } from '../../config/strings'

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '')

/** Puts `digits` into the boxes from `start` on; returns the boxes and the index to focus. */
export function fillFrom(boxes: string[], start: number, digits: string): { boxes: string[]; focus: number } {
  const next = [...boxes]
  let i = start
  for (const d of digits) {
    if (i >= next.length) break
    next[i++] = d
  }
  return { boxes: next, focus: Math.min(i, next.length - 1) }
}

/** Pasted text: spaces and dashes are ignored ('123 456'); null when anything else is not a digit. */
export function pastedDigits(text: string): string | null {
  const cleaned = text.replace(/[\s-]/g, '')
  return /^\d*$/.test(cleaned) ? cleaned.slice(0, OTP_LENGTH) : null
}

export function OtpInput({
  value,
  onChange,
  onNonDigit,
  invalid,
  describedBy,
  labelledBy,
}: {
  value: string[]
  onChange: (boxes: string[]) => void
  /** A non-digit was typed or pasted (and refused). */
  onNonDigit: () => void
  invalid: boolean
  describedBy?: string
  labelledBy: string
}) {
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (i: number) => {
    const el = inputs.current[Math.max(0, Math.min(i, OTP_LENGTH - 1))]
    el?.focus()
    el?.select()
  }

  function typed(i: number, raw: string) {
    if (raw === '') {
      onChange(value.map((d, j) => (j === i ? '' : d)))
      return
    }
    const text = raw.replace(/\s/g, '')
    if (!/^\d+$/.test(text)) {
      onNonDigit()
      return
    }
    // One typed digit replaces the box (its text is selected on focus); more (autofill) spread on.
    const digits = text.length > 1 && value[i] && text.startsWith(value[i]) ? text.slice(1) : text
    const { boxes, focus: at } = fillFrom(value, i, digits)
    onChange(boxes)
    focus(at)
  }

  function keyDown(i: number, event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !value[i] && i > 0) {
      event.preventDefault()
      onChange(value.map((d, j) => (j === i - 1 ? '' : d)))
      focus(i - 1)
    } else if (event.key === 'ArrowLeft' && i > 0) {
      event.preventDefault()
      focus(i - 1)
    } else if (event.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      event.preventDefault()
      focus(i + 1)
    }
  }

  function paste(event: React.ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    const digits = pastedDigits(event.clipboardData.getData('text'))
    if (digits == null) {
      onNonDigit()
      return
    }
    if (!digits) return
    const { boxes, focus: at } = fillFrom(emptyOtp(), 0, digits)
    onChange(boxes)
    focus(at)
  }

  return (
    <div className="otp-input" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {value.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            inputs.current[i] = el
          }}
          className="otp-input__box"
          type="text"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          aria-label={strings.auth.otpDigit(i + 1, OTP_LENGTH)}
          aria-invalid={invalid}
          value={digit}
          onChange={(e) => typed(i, e.target.value)}
          onKeyDown={(e) => keyDown(i, e)}
          onPaste={paste}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  )
}
