// /data: the open data page (every dataset of the catalogue with its files and columns).
import { OpenDataPage } from '../../features/open-data/open-data-page'

export function Component() {
  return <OpenDataPage />
}
