// 'Filter by' panel: 'All', the chosen component's options and their sub-options (section 4 rules).
import { useEffect, useId, useRef, useState } from 'react'
import { useGetComponentsQuery } from '../../api/public-api'
import { FilterIcon } from '../../components/icons'
import { Modal } from '../../components/modal'
import { strings } from '../../config/strings'
import {
  chooseAllOptions,
  isOptionSelected,
  isSubOptionSelected,
  needsResetPrompt,
  resetToOption,
  toggleOption,
  toggleSubOption,
} from '../../filters/selection'
import { useFilters } from '../../filters/use-filters'

export function OptionsPicker() {
  const { data: components } = useGetComponentsQuery()
  const { filters, view, update } = useFilters()
  const [open, setOpen] = useState(false)
  const [pendingReset, setPendingReset] = useState<string | null>(null)
  const panelId = useId()
  const wrapper = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (event: MouseEvent) => {
      const target = event.target as Element
      // Clicks in the reset prompt (a dialog outside the panel) keep the panel open.
      if (target.closest?.('.modal-backdrop')) return
      if (wrapper.current && !wrapper.current.contains(target)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  const component = components?.find((c) => c.componentId === filters.componentId)
  if (!component || component.options.length === 0) return null

  const count = filters.componentOptions.length
  const onOption = (optionId: string | number) => {
    if (needsResetPrompt(filters, view, optionId)) {
      setPendingReset(String(optionId))
      return
    }
    update(toggleOption(filters, optionId), { replace: true })
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape bubbling up from the panel's controls to close it
    <div
      className="options-picker"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false)
          toggle.current?.focus()
        }
      }}
    >
      <button
        type="button"
        ref={toggle}
        className="button button--outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <FilterIcon size={18} /> {strings.filters.filterBy}
        {count > 0 ? (
          <span className="badge" aria-label={`${count} selected`}>
            {count}
          </span>
        ) : null}
      </button>
      <div className="options-picker__panel" id={panelId} hidden={!open}>
        <fieldset>
          <legend>{component.name}</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={count === 0}
              onChange={() => update(chooseAllOptions(filters), { replace: true })}
            />
            {strings.filters.all}
          </label>
          <ul className="options-picker__list">
            {component.options.map((option) => (
              <li key={option.id}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={isOptionSelected(filters, option.id)}
                    onChange={() => onOption(option.id)}
                  />
                  {option.name}
                </label>
                {option.options?.length ? (
                  <ul className="options-picker__sublist" aria-label={option.name}>
                    {option.options.map((sub) => (
                      <li key={sub.id}>
                        <label className="check">
                          <input
                            type="checkbox"
                            checked={isSubOptionSelected(filters, option.id, sub.id)}
                            onChange={() => update(toggleSubOption(filters, option.id, sub.id), { replace: true })}
                          />
                          {sub.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>
        {count > 0 ? (
          <button
            type="button"
            className="text-button"
            onClick={() => update(chooseAllOptions(filters), { replace: true })}
          >
            {strings.filters.clear}
          </button>
        ) : null}
      </div>
      {pendingReset != null ? (
        <Modal
          title={strings.filters.resetPromptTitle}
          onClose={() => setPendingReset(null)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setPendingReset(null)}>
                {strings.filters.cancel}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  update(resetToOption(filters, pendingReset), { replace: true })
                  setPendingReset(null)
                }}
              >
                {strings.filters.resetConfirm}
              </button>
            </>
          }
        >
          <p>{strings.filters.resetPromptText}</p>
        </Modal>
      ) : null}
    </div>
  )
}
