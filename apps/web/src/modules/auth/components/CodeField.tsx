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
};

/** A row of digit boxes for a verification code or a passcode. */
export function CodeField({ label, length, value, onChange, error, secret = false }: CodeFieldProps) {
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
        data-testid="code-field"
        inputMode="numeric"
      />
    </Input.Wrapper>
  );
}
