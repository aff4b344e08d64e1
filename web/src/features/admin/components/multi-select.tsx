// A multi-select (section 2: groups; a coordinator's municipalities): the chosen items as
// removable tags above a filterable list of checkboxes, optionally in groups (municipalities by
// province and district), each group a fieldset so its name is announced with its options. The
// filter matches an option's label, detail or group. Errors show beneath it.
import { useId, useMemo, useState, type ComponentProps } from 'react'
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { messagesOf } from '../../../components/bound-fields'
import { FieldErrorList } from '../../../components/form'
import { adminStrings } from '../../../config/admin-strings'
import { compareText, includesText } from '../admin-format'

export interface MultiOption {
  value: number
  label: string
  /** Said after the label in the chosen tags, to tell options of one name apart (a municipality's district and province). */
  detail?: string
  /** The group the option is listed under; options arrive in group order. */
  group?: string
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
  const shown = filterable
    ? options.filter(
        (o) =>
          includesText(o.label, filter) || includesText(o.detail ?? '', filter) || includesText(o.group ?? '', filter),
      )
    : options
  const groups = useMemo(() => {
    const out: [string, MultiOption[]][] = []
    for (const o of shown) {
      const g = o.group ?? ''
      if (out.length && out[out.length - 1][0] === g) out[out.length - 1][1].push(o)
      else out.push([g, [o]])
    }
    return out
  }, [shown])
  const grouped = options.some((o) => o.group)
  const invalid = Boolean(errors?.length)
  const set = (option: number, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option))

  const option = (o: MultiOption) => (
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
  )

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
              {o.detail ? <span className="multi-select__detail">{o.detail}</span> : null}
              <button
                type="button"
                onClick={() => set(o.value, false)}
                aria-label={adminStrings.common.removeChoice(o.detail ? `${o.label}, ${o.detail}` : o.label)}
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
            {filterLabel ?? adminStrings.common.filterOptions(legend.toLowerCase())}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            placeholder={filterLabel ?? adminStrings.common.filterOptions(legend.toLowerCase())}
            onChange={(e) => setFilter(e.target.value)}
            autoComplete="off"
          />
        </div>
      ) : null}
      {grouped ? (
        <div className="multi-select__options multi-select__options--grouped">
          {groups.map(([group, items]) => (
            <fieldset key={group} className="multi-select__group">
              <legend>{group}</legend>
              <ul>{items.map(option)}</ul>
            </fieldset>
          ))}
        </div>
      ) : (
        <ul className="multi-select__options">{shown.map(option)}</ul>
      )}
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
