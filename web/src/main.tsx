// Entry point of the dashboard: the reader's language, store, router, styles (app/start.tsx).
import { makeRouter } from './app/router'
import { startPage } from './app/start'
import './styles.css'

startPage(makeRouter)
