// Build-time settings read through import.meta.env (src/config/constants.ts); all optional.
interface ImportMetaEnv {
  readonly VITE_ABOUT_URL?: string
  readonly VITE_HELP_URL?: string
  readonly VITE_FEEDBACK_EMAIL?: string
  readonly VITE_DISCLAIMER_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
