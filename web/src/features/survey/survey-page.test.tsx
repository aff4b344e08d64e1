// The anonymous survey page against MSW: questions by category as fieldsets, keyboard answers,
// the submission body, the thank-you message, preview without submit, and a closed link.
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderApp } from '../../test/render'
import { server } from '../../test/mocks/server'
import { ALREADY_ANSWERED } from './survey-page'
import { queueResponse } from './offline-store'
import { switchLanguage } from '../../i18n/locale'
import { surveyStrings } from './survey-strings'

const survey = {
  organisationName: 'Kouga Women\u2019s Shelter Network',
  questionnaire: 'Staff health check 2026 (version 1)',
  questionnaireId: 'staff-v1',
  version: 1,
  questionnaireType: 'Staff',
  preview: false,
  isOpen: true,
  example: false,
  alreadyAnswered: false,
  language: 'en',
  languages: ['en'],
  questionCategories: [
    {
      questionCategoryId: 3,
      description: 'Policies',
      questions: [
        {
          questionId: 'P1',
          description: 'Our organisation has a written policy.',
          questionTypeId: 3,
          questionType: 'SingleChoice',
          answers: [
            { possibleAnswerId: 1, description: 'We do not have this' },
            { possibleAnswerId: 5, description: 'It exists, is known and is applied consistently' },
          ],
        },
      ],
    },
    {
      questionCategoryId: 4,
      description: 'General',
      questions: [
        {
          questionId: 'G1',
          description: 'Where would you go for help?',
          questionTypeId: 4,
          questionType: 'MultipleChoice',
          answers: [
            { possibleAnswerId: 1, description: 'My manager' },
            { possibleAnswerId: 2, description: 'Human resources' },
          ],
        },
      ],
    },
  ],
}

describe('survey page', () => {
  afterEach(() => switchLanguage('en', false))

  it("asks for the reader's language and says so when the questions are in English instead", async () => {
    const asked: (string | null)[] = []
    let translated = false
    server.use(
      http.get('*/api/healthcheck/survey', ({ request }) => {
        const language = new URL(request.url).searchParams.get('language')
        asked.push(language)
        const data = translated
          ? {
              ...survey,
              language: 'zu',
              languages: ['en', 'zu'],
              questionnaire: 'Ukuhlolwa kwabasebenzi',
            }
          : survey
        return HttpResponse.json({ success: true, data })
      }),
    )
    await switchLanguage('zu', false)
    const first = renderApp('/Questionnaire/SurveyQuestions?inviteCode=abc')
    expect(await screen.findByTestId('survey-in-english')).toHaveTextContent(surveyStrings.questionsInEnglish)
    expect(screen.getByRole('heading', { name: survey.questionnaire })).toHaveAttribute('lang', 'en-ZA')
    expect(asked).toContain('zu')
    first.unmount()
    translated = true
    renderApp('/Questionnaire/SurveyQuestions?inviteCode=abc')
    expect(await screen.findByRole('heading', { name: 'Ukuhlolwa kwabasebenzi' })).toHaveAttribute('lang', 'zu')
    expect(screen.queryByTestId('survey-in-english')).toBeNull()
  })

  it('tells a browser that answered already so, before any question', async () => {
    server.use(
      http.get('*/api/healthcheck/survey', () =>
        HttpResponse.json({ success: true, data: { ...survey, alreadyAnswered: true } }),
      ),
    )
    renderApp('/Questionnaire/SurveyQuestions?inviteCode=abc')
    expect(await screen.findByText(ALREADY_ANSWERED)).toBeInTheDocument()
    expect(screen.queryByRole('group')).toBeNull()
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull()
  })

  it('takes answers by keyboard and submits one anonymous response', async () => {
    let sent: unknown = null
    server.use(
      http.get('*/api/healthcheck/survey', () => HttpResponse.json({ success: true, data: survey })),
      http.post('*/api/healthcheck/survey', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ success: true, message: 'Thank you. Your response has been recorded.' })
      }),
    )
    renderApp('/Questionnaire/SurveyQuestions?inviteCode=abc')
    expect(await screen.findByRole('heading', { name: survey.questionnaire })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Our organisation has a written policy.' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('radio', { name: 'It exists, is known and is applied consistently' }))
    await user.tab()
    await user.keyboard(' ')
    await user.click(screen.getByRole('checkbox', { name: 'Human resources' }))
    await user.click(screen.getByRole('button', { name: 'Submit survey' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Your response has been recorded.')
    expect(sent).toEqual({
      InviteCode: 'abc',
      Answers: [
        { QuestionId: 'P1', PossibleAnswerIds: [5] },
        { QuestionId: 'G1', PossibleAnswerIds: expect.arrayContaining([1, 2]) as unknown },
      ],
      // The key made when the survey started: the server records one response per key.
      ResponseKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ) as unknown,
    })
  })

  it('previews without a submit button', async () => {
    server.use(
      http.get('*/api/healthcheck/survey', () =>
        HttpResponse.json({ success: true, data: { ...survey, preview: true } }),
      ),
    )
    renderApp('/Questionnaire/SurveyQuestions?inviteCode=abc&Preview=true')
    expect(await screen.findByText('Preview: answers are not recorded.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit survey' })).toBeNull()
  })

  it('says when a link is closed', async () => {
    server.use(
      http.get('*/api/healthcheck/survey', () =>
        HttpResponse.json(
          { success: false, message: 'This survey is closed and no longer accepts responses.', errors: [] },
          { status: 410 },
        ),
      ),
    )
    renderApp('/Questionnaire/SurveyQuestions?inviteCode=old')
    expect(await screen.findByRole('alert')).toHaveTextContent('This survey is closed and no longer accepts responses.')
  })

  it('a response kept on the phone that the server refuses is not called recorded', async () => {
    const full = 'This survey has received all the responses its link allows (6), so it no longer accepts responses.'
    server.use(
      http.get('*/api/healthcheck/survey', () => HttpResponse.json({ success: true, data: survey })),
      http.post('*/api/healthcheck/survey', () =>
        HttpResponse.json({ success: false, message: full }, { status: 410 }),
      ),
    )
    await queueResponse(
      'kept-full',
      { InviteCode: 'kept-full', Answers: [{ QuestionId: 'P1', PossibleAnswerIds: [5] }], ResponseKey: null },
      new Date(),
    )
    renderApp('/Questionnaire/SurveyQuestions?inviteCode=kept-full')
    expect(await screen.findByRole('alert')).toHaveTextContent(full)
    expect(screen.queryByText(/has been recorded/)).toBeNull()
  })
})
