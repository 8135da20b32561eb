import { AMOUNT_INPUT_MAX_DIGITS, AMOUNT_INPUT_STEP, formatAmountInput, parseAmountInput } from "@kort/core";
import { TextInput, type TextInputProps } from "@mantine/core";
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef } from "react";
import { caretAfterDigits, digitsBefore, keepDigits } from "./amount-caret.ts";

const MAX_AMOUNT = 10 ** AMOUNT_INPUT_MAX_DIGITS - 1;

export type AmountInputProps = Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type"> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

/**
 * A whole-number amount (spec 5): digits only, grouped with dots as typed, at most 12 digits, arrow keys step
 * by 10; minus signs, commas and abbreviations such as k, m and b are not accepted.
 */
export function AmountInput({ value, onChange, onKeyDown, ...props }: AmountInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const text = value === null ? "" : formatAmountInput(value);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && pendingCaret.current !== null && document.activeElement === input) {
      const caret = caretAfterDigits(text, pendingCaret.current);
      input.setSelectionRange(caret, caret);
    }
    pendingCaret.current = null;
  }, [text]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const digits = keepDigits(raw, AMOUNT_INPUT_MAX_DIGITS);
    pendingCaret.current = Math.min(digitsBefore(raw, event.currentTarget.selectionStart ?? raw.length), digits.length);
    const parsed = parseAmountInput(digits);
    onChange(parsed.ok ? parsed.value : null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const step = event.key === "ArrowUp" ? AMOUNT_INPUT_STEP : -AMOUNT_INPUT_STEP;
    onChange(Math.min(MAX_AMOUNT, Math.max(0, (value ?? 0) + step)));
  };

  return (
    <TextInput
      {...props}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
    />
  );
}
