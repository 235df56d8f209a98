/**
 * What the summary's discount line says. A package already on sale whose code takes nothing more
 * off (the code applies to the list price unless the studio allows stacking, and the customer
 * pays the lower of the two: product-rules.md#checkout) says why, instead of "−$0.00".
 */
export function discountLine(
  pkg: { price: number; sale_price: number | null },
  discountTotal: number,
): { kind: "amount" } | { kind: "saleIsBetter" } {
  const onSale = pkg.sale_price !== null && pkg.sale_price < pkg.price;
  return onSale && discountTotal <= 0 ? { kind: "saleIsBetter" } : { kind: "amount" };
}
