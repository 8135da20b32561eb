import { Input, PinInput } from "@mantine/core";
import { useId } from "react";

export type CodeFieldProps = {
  label: string;
  length: number;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Passcodes are hidden as typed; one-time codes are not. */
  secret?: boolean;
  testId?: string;
  autoFocus?: boolean;
};

/** A row of digit boxes for a verification code or a passcode. */
export function CodeField(props: CodeFieldProps) {
  const { label, length, value, onChange, error, secret = false, testId = "code-field", autoFocus = true } = props;
  const id = useId();
  return (
    <Input.Wrapper label={label} error={error} labelProps={{ id }}>
      <PinInput
        mt={6}
        length={length}
        type="number"
        mask={secret}
        oneTimeCode={!secret}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        size="lg"
        aria-labelledby={id}
        ariaLabel={label}
        data-testid={testId}
        inputMode="numeric"
        autoFocus={autoFocus}
      />
    </Input.Wrapper>
  );
}
