// /admin/questionnaire/: the Surveys card's Manage link leads here. The questionnaire manager is
// built in a later issue; until then this says so.
import { adminStrings } from '../../../config/admin-strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { adminPaths } from '../admin-paths'
import { PageHeader } from '../components/admin-ui'

const q = adminStrings.questionnaire

export function Component() {
  useDocumentTitle(q.title)
  return (
    <section aria-labelledby="admin-title">
      <PageHeader title={q.title} back={adminPaths.dashboard} backLabel={q.back} />
      <p className="coming-soon admin-coming-soon">{q.comingSoon}</p>
    </section>
  )
}
