import { Skeleton } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

export type QrCodeProps = { value: string; size?: number; alt: string; testId?: string };

/** A QR code for `value`, drawn in the browser (nothing leaves the page) as an image. */
export function QrCode({ value, size = 176, alt, testId = "qr-code" }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: "M" }).then(
      (url) => active && setSrc(url),
      () => active && setSrc(null),
    );
    return () => {
      active = false;
    };
  }, [value, size]);
  if (!src) return <Skeleton w={size} h={size} />;
  return <img src={src} width={size} height={size} alt={alt} data-testid={testId} data-value={value} />;
}
