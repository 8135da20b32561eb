import { Box, Group } from "@mantine/core";

export type ProgressDotsProps = { total: number; current: number; label: string };

/** A row of dots for the steps of a flow; the current one is wide, done ones are filled. */
export function ProgressDots({ total, current, label }: ProgressDotsProps) {
  return (
    <Group
      gap={6}
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={current}
      data-testid="progress-dots"
      data-total={total}
      data-current={current}
    >
      {Array.from({ length: total }, (_, index) => {
        const step = index + 1;
        return (
          <Box
            // Dots have no identity beyond their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of identical dots
            key={index}
            h={8}
            w={step === current ? 24 : 8}
            bg={step <= current ? "var(--mantine-primary-color-filled)" : "gray.3"}
            style={{ borderRadius: 4, transition: "width 300ms ease" }}
          />
        );
      })}
    </Group>
  );
}
