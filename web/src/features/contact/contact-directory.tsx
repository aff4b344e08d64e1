// Contact directory: pick a building block (categories with options) and use the geography
// dropdowns; results load only once both a boundary and a building block are chosen.
import { useId, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { contactSearchArgs, useSearchContactsQuery } from '../../api/contact-api'
import { useGetComponentsQuery } from '../../api/public-api'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId, NATIONAL_BOUNDARY_ID } from '../../config/constants'
import { buildingBlockAttribution, strings } from '../../config/strings'
import { Credits } from '../../components/credits'
import { useFilters } from '../../filters/use-filters'
import { matchContacts } from './contact-model'
import { ContactCard as ResultCard } from '../../components/contact-card'

export function ContactDirectory() {
  const { filters } = useFilters()
  const { data: components } = useGetComponentsQuery()
  const [openCategory, setOpenCategory] = useState<string | null>(null)
  const [block, setBlock] = useState<{ categoryId: string; blockId: string | null } | null>(null)
  const [text, setText] = useState('')
  const searchId = useId()
  const categories = components?.find((c) => c.componentId === ComponentId.BuildingBlock)?.options ?? []
  const boundaryId =
    filters.boundaryId != null && filters.boundaryId !== NATIONAL_BOUNDARY_ID ? filters.boundaryId : null
  const ready = boundaryId != null && block != null
  const search = useSearchContactsQuery(
    ready ? contactSearchArgs(boundaryId, block.categoryId, block.blockId) : skipToken,
  )
  const results = matchContacts(search.currentData ?? [], text)

  return (
    <div className="contact-directory">
      <Credits lines={buildingBlockAttribution} />
      <h1>{strings.contact.title}</h1>
      <div className="contact-directory__layout">
        <aside className="contact-directory__filters">
          <h2 className="filter-title">{strings.contact.selectBuildingBlocks}</h2>
          {categories.length === 0 ? (
            <NoData message={strings.messages.noCategories} />
          ) : (
            <ul className="accordion">
              {categories.map((category) => {
                const id = String(category.id)
                const isOpen = openCategory === id
                return (
                  <li key={id}>
                    <button
                      type="button"
                      className="accordion__toggle"
                      aria-expanded={isOpen}
                      onClick={() => setOpenCategory(isOpen ? null : id)}
                    >
                      {category.name}
                    </button>
                    {isOpen ? (
                      <fieldset className="accordion__panel">
                        <legend className="visually-hidden">{category.name}</legend>
                        {(category.options?.length ? category.options : [{ id: '', name: category.name }]).map(
                          (option) => (
                            <label key={`${id}-${option.id}`} className="check">
                              <input
                                type="radio"
                                name="building-block"
                                checked={block?.categoryId === id && (block.blockId ?? '') === String(option.id)}
                                onChange={() =>
                                  setBlock({ categoryId: id, blockId: option.id === '' ? null : String(option.id) })
                                }
                              />
                              {option.name}
                            </label>
                          ),
                        )}
                      </fieldset>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </aside>
        <section className="contact-directory__results" aria-live="polite">
          <div className="field">
            <label htmlFor={searchId} className="visually-hidden">
              {strings.contact.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={strings.contact.searchPlaceholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          {!ready ? (
            <div className="empty-state">
              <h2>{strings.contact.emptyTitle}</h2>
              <p>{strings.contact.emptyText}</p>
            </div>
          ) : search.isFetching ? (
            <Spinner />
          ) : search.isError ? (
            <ErrorMessage />
          ) : results.length === 0 ? (
            <NoData message={strings.contact.noResults} />
          ) : (
            <ul className="contact-results">
              {results.map((r) => (
                <ResultCard key={r.stakeholderId} result={r} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
