// The words of the terms and conditions (/terms), linked from the sign-up form's "I accept the
// terms and conditions". Each statement describes what the product does (the specifications
// and docs/security.md): what registering shares, what is published, what stays private,
// survey anonymity, and erasure under POPIA.
import { registerStrings } from '../i18n/runtime'

export const termsStrings = registerStrings('terms', {
  title: 'Terms and conditions',
  intro:
    'The GBVF dashboard is the public data platform of the national movement against gender-based violence and femicide. These terms apply to registering an organisation and to using an account on it.',
  registeringTitle: 'Registering an organisation',
  registering:
    'You register on behalf of an organisation you are allowed to represent, and the details you give are true. An administrator checks each application before the organisation can take part; an application can be rejected.',
  personalTitle: 'Your personal information',
  personal:
    'Your name, e-mail address and phone numbers are used to run your account, to verify your organisation and to send you the e-mails the platform sends (codes, decisions, notices you can switch off). They are never published. You may ask the administrators to see, correct or erase them; once erased, your details are removed for good and the histories show "Erased person" (Protection of Personal Information Act, 2013).',
  publishedTitle: 'What is published',
  published:
    'The public dashboard shows figures and the directory of support services only once they are verified. Shelter locations and street addresses are never published. A contact person is shown in the directory only when marked public, with their name, job role and work numbers, never a mobile number or e-mail address.',
  surveysTitle: 'Health-check surveys',
  surveys:
    'Survey responses are anonymous: no name, e-mail address or account is asked for or kept with a response. Results are shown only from 5 responses, with every figure slightly adjusted so that no single response can be recognised, also by someone who sent some of the others.',
  useTitle: 'Using your account',
  use: 'Keep your password to yourself and do not share your account. Enter only what you know to be true; what you submit about a service is checked by a second person before it is published.',
  figuresTitle: 'The figures',
  figures:
    'Figures come from their stated sources (SAPS crime statistics, Statistics South Africa, service directories and the organisations’ own surveys) and say what they count and for which period. Sources revise their figures, and the dashboard follows.',
})
