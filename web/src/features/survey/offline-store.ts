// What the survey keeps on the phone, in IndexedDB through idb-keyval
// (docs/decisions/0080-offline-survey.md): per invite link the answers given so far, the response
// key created when the survey started (the server records a key once), a response waiting for the
// network and when it went. Nothing here leaves the phone except the response itself. Where
// IndexedDB is unavailable (private modes of some browsers, tests) the same shapes live in memory.
import { createStore, entries, get, set, type UseStore } from 'idb-keyval'
import type { SubmitBody } from '../../api/generated'

/** A response waiting for the network: the body exactly as it will be sent. */
export interface QueuedResponse {
  body: SubmitBody
  /** When it was saved (ISO 8601). */
  queuedAt: string
}

/** What is kept for one invite link. */
export interface KeptSurvey {
  /** Chosen answer ids by question id. */
  answers: Record<string, number[]>
  /** A UUID made on this phone when the survey started. */
  responseKey: string
  /** The response waiting for the network, if any. */
  queued?: QueuedResponse
  /** When the response was recorded by the server (ISO 8601), if it was. */
  sentAt?: string
  /** The server's words when it refused the waiting response (the link closed or full). */
  refused?: string
}

const memory = new Map<string, KeptSurvey>()
let database: UseStore | null | undefined

function store(): UseStore | null {
  if (database === undefined) {
    try {
      database = typeof indexedDB === 'undefined' ? null : createStore('gbvf-survey', 'kept')
    } catch {
      database = null
    }
  }
  return database
}

const keyOf = (inviteCode: string) => `link:${inviteCode}`

async function read(inviteCode: string): Promise<KeptSurvey | undefined> {
  const db = store()
  if (!db) return memory.get(keyOf(inviteCode))
  try {
    return await get<KeptSurvey>(keyOf(inviteCode), db)
  } catch {
    return memory.get(keyOf(inviteCode))
  }
}

async function write(inviteCode: string, kept: KeptSurvey): Promise<void> {
  memory.set(keyOf(inviteCode), kept)
  const db = store()
  if (!db) return
  try {
    await set(keyOf(inviteCode), kept, db)
  } catch {
    // Kept in memory for this visit.
  }
}

/** A version-4 UUID (RFC 9562): `crypto.randomUUID` where the page is a secure context. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** What this phone kept for `inviteCode`; a new response key when it kept nothing. */
export async function keptSurvey(inviteCode: string): Promise<KeptSurvey> {
  const found = await read(inviteCode)
  if (found) return found
  const fresh: KeptSurvey = { answers: {}, responseKey: newKey() }
  await write(inviteCode, fresh)
  return fresh
}

/** Keeps the answers given so far. */
export async function keepAnswers(inviteCode: string, answers: Record<string, number[]>): Promise<void> {
  await write(inviteCode, { ...(await keptSurvey(inviteCode)), answers })
}

/** Keeps a response to send when the network is back. */
export async function queueResponse(inviteCode: string, body: SubmitBody, at: Date): Promise<KeptSurvey> {
  const kept = { ...(await keptSurvey(inviteCode)), queued: { body, queuedAt: at.toISOString() } }
  await write(inviteCode, kept)
  return kept
}

/** Records that the server has the response (sent now, or answered before). */
export async function markSent(inviteCode: string, at: Date): Promise<KeptSurvey> {
  const kept: KeptSurvey = { ...(await keptSurvey(inviteCode)), queued: undefined, sentAt: at.toISOString() }
  await write(inviteCode, kept)
  return kept
}

/** Records that the server refused the waiting response, with its words; nothing waits any more. */
export async function markRefused(inviteCode: string, message: string): Promise<KeptSurvey> {
  const kept: KeptSurvey = { ...(await keptSurvey(inviteCode)), queued: undefined, refused: message }
  await write(inviteCode, kept)
  return kept
}

/** Every response waiting for the network, by invite code. */
export async function queuedResponses(): Promise<[string, QueuedResponse][]> {
  const db = store()
  let all: [IDBValidKey, KeptSurvey][] = [...memory.entries()]
  if (db) {
    try {
      all = await entries<IDBValidKey, KeptSurvey>(db)
    } catch {
      // The memory copy.
    }
  }
  return all.flatMap(([key, kept]) =>
    typeof key === 'string' && key.startsWith('link:') && kept.queued && !kept.sentAt
      ? [[key.slice('link:'.length), kept.queued] as [string, QueuedResponse]]
      : [],
  )
}
