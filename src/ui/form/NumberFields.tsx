// The app's one money field, one percentage field and one quantity field: typed the Brazilian way ('1.234,56'), shown on leaving in the
// format that will be stored, and a value that cannot be stored (unreadable, negative, too many decimals, above
// the limit) gets its Portuguese message instead of being changed silently.
import { useState } from 'react';
import { numberInputText } from '../../i18n/number-input.pt-BR.ts';
import {
  moneyProblem,
  moneyText,
  quantityDecimals,
  quantityProblem,
  quantityText,
  readMoney,
  readNumber,
  readQuantity,
  settledText,
  type NumberProblem,
  type NumberReading,
} from '../../lib/number-input.ts';
import { TextField, type TextFieldProps } from './TextField.tsx';

const copy = numberInputText;

export interface NumberFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'inputMode' | 'leading'> {
  /** The text as typed. */
  value: string;
  onValueChange: (text: string) => void;
  /** Shows what is wrong with the text before the owner leaves the field (after a submit). */
  revealProblem?: boolean;
  /** The field's own wording for some problems (e.g. the spec's 'informe um valor válido maior que zero'). */
  problemMessages?: Partial<Record<NumberProblem, string>>;
}

function NumberField({
  reading,
  message,
  format,
  value,
  onValueChange,
  revealProblem = false,
  problemMessages,
  error,
  onBlur,
  ...field
}: NumberFieldProps & {
  reading: NumberReading;
  message: string | undefined;
  format: (value: number) => string;
  inputMode: 'decimal' | 'numeric';
  leading?: string;
}) {
  const [left, setLeft] = useState(false);
  const own = reading.ok ? undefined : (problemMessages?.[reading.problem] ?? message);
  return (
    <TextField
      autoComplete="off"
      {...field}
      value={value}
      error={(left || revealProblem ? own : undefined) ?? error}
      onChange={(event) => {
        setLeft(false);
        onValueChange(event.target.value);
      }}
      onBlur={(event) => {
        setLeft(true);
        const settled = settledText(value, reading, format);
        if (settled !== value) onValueChange(settled);
        onBlur?.(event);
      }}
    />
  );
}

/** An amount in reais: 'R$' drawn before it, two decimals, up to MONEY_INPUT_MAX. */
export function MoneyField(props: NumberFieldProps) {
  const reading = readMoney(props.value);
  return (
    <NumberField
      placeholder={copy.moneyPlaceholder}
      {...props}
      reading={reading}
      message={moneyProblem(reading)}
      format={moneyText}
      inputMode="decimal"
      leading={copy.currency}
    />
  );
}

/** A quantity in `unit`: whole for un/pct/cx, three decimals for kg/g/l/ml, up to QUANTITY_INPUT_MAX. */
export function QuantityField({ unit, ...props }: NumberFieldProps & { unit: string }) {
  const reading = readQuantity(props.value, unit);
  return (
    <NumberField
      placeholder="0"
      {...props}
      reading={reading}
      message={quantityProblem(reading, unit)}
      format={quantityText}
      inputMode={quantityDecimals(unit) === 0 ? 'numeric' : 'decimal'}
    />
  );
}

/** A percentage from 0 to 100: '%' drawn after it, two decimals. */
export function PercentField(props: NumberFieldProps) {
  const reading = readNumber(props.value, 2, 100);
  return (
    <NumberField
      placeholder="0"
      {...props}
      reading={reading}
      message={!reading.ok && reading.problem === 'too_large' ? copy.percentTooLarge : moneyProblem(reading)}
      format={moneyText}
      inputMode="decimal"
      trailing={
        <span aria-hidden className="px-3 text-ink/70">
          {copy.percent}
        </span>
      }
    />
  );
}
