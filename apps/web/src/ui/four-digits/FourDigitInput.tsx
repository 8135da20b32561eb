import { PinInput, type PinInputProps } from "@mantine/core";

/**
 * Four hidden digits, as the app asks for a passcode or a card's PIN: large boxes for a thumb, the digits masked,
 * and no one-time-code autofill (the phone must not offer an SMS code for a passcode).
 */
export function FourDigitInput(props: Omit<PinInputProps, "length" | "type" | "mask" | "size" | "oneTimeCode">) {
  return <PinInput length={4} type="number" mask size="lg" oneTimeCode={false} {...props} />;
}
