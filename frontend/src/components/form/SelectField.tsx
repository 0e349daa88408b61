import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { IslandMessage } from './FormField';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty option ("Select academic level"): choosing it means no value. */
  placeholder?: string;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  /** Disables the select and dims the label (the Field's own `disabled`, so the label and control agree). */
  disabled?: boolean;
  /** For a form an island runs: the control's name; the field then has FormField's island message element. */
  islandName?: string;
  /** Controlled use (`value` + `onChange`), or spread react-hook-form's `register(name)` (name, ref, onChange, onBlur). */
  value?: string;
  /** Uncontrolled use (a form an island runs): the first value. */
  defaultValue?: string;
  name?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select (phones get their own picker; keyboard and screen readers work as they do everywhere):
 * the label points at it, and the helper and error texts are tied to it by Chakra's Field.
 */
export function SelectField(props: SelectFieldProps) {
  const { id, label, options, placeholder, error, helper, required = false, disabled = false, islandName, value, defaultValue, name, onChange, onBlur, ref } = props;
  return (
    <Field.Root id={id} invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field ref={ref} name={name} value={value} defaultValue={defaultValue} onChange={onChange} onBlur={onBlur}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {islandName && <IslandMessage id={id} islandName={islandName} />}
    </Field.Root>
  );
}
