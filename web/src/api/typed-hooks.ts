// The app's type for an answer the API document does not yet declare (its generated type is
// `unknown`; issue 10 types the remaining handlers one by one). Each such endpoint is asserted
// here, once, in the file that wraps its group (src/api/*-api.ts, features' *-api.ts), so the
// components keep their types; when the server declares the answer, the wrapper drops the call.
import type { TypedUseMutation, TypedUseQuery } from '@reduxjs/toolkit/query/react'
import type { baseQueryWithCsrf } from './base-api'

type BaseQuery = typeof baseQueryWithCsrf

/** A generated query hook with `Answer` for the result type the document leaves `unknown`. */
export function typedQuery<Answer, Arg>(
  hook: TypedUseQuery<unknown, Arg, BaseQuery>,
): TypedUseQuery<Answer, Arg, BaseQuery> {
  return hook as unknown as TypedUseQuery<Answer, Arg, BaseQuery>
}

/** A generated mutation hook with `Answer` for the result type the document leaves `unknown`. */
export function typedMutation<Answer, Arg>(
  hook: TypedUseMutation<unknown, Arg, BaseQuery>,
): TypedUseMutation<Answer, Arg, BaseQuery> {
  return hook as unknown as TypedUseMutation<Answer, Arg, BaseQuery>
}
