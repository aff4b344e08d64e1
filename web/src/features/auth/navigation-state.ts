// What the auth screens hand each other through navigation state (section 2: the OTP screen gets
// user type, e-mail, resend count and an optional development code).

export interface OtpState {
  userType: number
  email: string
  resendCount?: number
  /** The code itself, present only when the server runs in development mode. */
  otp?: string | null
  /** A notice to show on arrival (e.g. why the user was sent here). */
  message?: string
}

export interface LoginState {
  /** Skip the intro and show the form. */
  showForm?: boolean
  email?: string
  message?: string
}

export interface ResetPasswordState {
  userType: number
  email: string
}

export interface AddPasswordState {
  userType: number
}

/** Navigation state is whatever the previous screen put there: read it defensively. */
export function stateOf<T>(state: unknown): Partial<T> {
  return state && typeof state === 'object' ? state : {}
}
