/**
 * Brand marks drawn inline (no third-party images): amex, visa, mastercard; others show amex
 * (docs/product-rules.md#cards).
 */
export function CardBrandLogo({ brand }: { brand: string | null }) {
  const b = brand === "visa" || brand === "mastercard" ? brand : "amex";
  if (b === "mastercard") {
    return (
      <svg width="48" height="32" viewBox="0 0 48 32" role="img" aria-label="Mastercard">
        <rect width="48" height="32" rx="5" fill="#1a1f36" />
        <circle cx="20" cy="16" r="8" fill="#eb001b" />
        <circle cx="28" cy="16" r="8" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
    );
  }
  return (
    <svg
      width="48"
      height="32"
      viewBox="0 0 48 32"
      role="img"
      aria-label={b === "visa" ? "Visa" : "American Express"}
    >
      <rect width="48" height="32" rx="5" fill={b === "visa" ? "#1a1f71" : "#2e77bb"} />
      <text
        x="24"
        y="20"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontWeight="700"
        fontSize={b === "visa" ? 12 : 9}
        fill="#fff"
        fontStyle={b === "visa" ? "italic" : "normal"}
      >
        {b === "visa" ? "VISA" : "AMEX"}
      </text>
    </svg>
  );
}
