// A multi-select (section 2: groups; a coordinator's municipalities): the chosen items as
// removable tags above a filterable list of checkboxes. A fieldset, so the label is announced
// with every option; errors show beneath it.
import { useId, useMemo, useState, type ComponentProps } from 'react'
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { messagesOf } from '../../../components/bound-fields'
import { FieldErrorList } from '../../../components/form'
import { adminStrings } from '../../../config/admin-strings'
import { compareText, includesText } from '../admin-format'

export interface MultiOption {
  value: number
  label: string
}

export function MultiSelect({
  legend,
  name,
  options,
  value,
  onChange,
  errors,
  filterable = false,
  filterLabel,
  testId,
}: {
  legend: string
  name: string
  options: readonly MultiOption[]
  value: readonly number[]
  onChange: (value: number[]) => void
  errors?: string[]
  filterable?: boolean
  /** The filter box's label and placeholder. */
  filterLabel?: string
  testId?: string
}) {
  const id = useId()
  const [filter, setFilter] = useState('')
  const chosen = useMemo(() => {
    const byValue = new Map(options.map((o) => [o.value, o]))
    return value
      .map((v) => byValue.get(v))
      .filter((o): o is MultiOption => o != null)
      .sort((a, b) => compareText(a.label, b.label))
  }, [options, value])
  const shown = filterable ? options.filter((o) => includesText(o.label, filter)) : options
  const invalid = Boolean(errors?.length)
  const set = (option: number, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option))

  return (
    <fieldset
      className={`multi-select ${filterable ? 'multi-select--filterable' : ''} ${invalid ? 'multi-select--invalid' : ''}`}
      data-testid={testId}
      aria-describedby={invalid ? `${id}-errors` : undefined}
    >
      <legend className="multi-select__legend">
        {legend} <span className="multi-select__count">({adminStrings.common.chosen(value.length)})</span>
      </legend>
      {chosen.length ? (
        <ul className="multi-select__tags" aria-label={legend}>
          {chosen.map((o) => (
            <li key={o.value} className="multi-select__tag">
              <span>{o.label}</span>
              <button
                type="button"
                onClick={() => set(o.value, false)}
                aria-label={adminStrings.common.removeChoice(o.label)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {filterable ? (
        <div className="multi-select__filter">
          <label htmlFor={`${id}-filter`} className="visually-hidden">
            {filterLabel ?? adminStrings.common.filterOptions(legend)}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            placeholder={filterLabel ?? adminStrings.common.filterOptions(legend)}
            onChange={(e) => setFilter(e.target.value)}
            autoComplete="off"
          />
        </div>
      ) : null}
      <ul className="multi-select__options">
        {shown.map((o) => (
          <li key={o.value}>
            <label className="check">
              <input
                type="checkbox"
                name={name}
                value={o.value}
                checked={value.includes(o.value)}
                onChange={(e) => set(o.value, e.target.checked)}
                aria-invalid={invalid || undefined}
              />
              <span>{o.label}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </fieldset>
  )
}

/** A multi-select bound to a react-hook-form form (components/bound-fields.tsx). */
export function BoundMultiSelect<V extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<V>; name: Path<V> } & Omit<
  ComponentProps<typeof MultiSelect>,
  'name' | 'value' | 'onChange' | 'errors'
>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <MultiSelect
      {...props}
      name={name}
      value={field.value}
      onChange={field.onChange}
      errors={messagesOf(fieldState.error)}
    />
  )
}
