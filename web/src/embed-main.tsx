// Entry of the embedded views (/embed/chart, /embed/map, /embed/grid, served as embed.html): one
// view of the dashboard for other sites to frame, with its own router (app/embed.tsx) and without
// the dashboard's header, menus, filter bar, sign-in or session check; Quick exit stays. The
// view's maps and charts load lazily, as on the dashboard.
import { makeEmbedRouter } from './app/embed'
import { startPage } from './app/start'
import './styles.css'
import './styles/embed.css'

startPage(makeEmbedRouter)
