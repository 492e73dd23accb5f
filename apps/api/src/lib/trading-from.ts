/**
 * A UCC accepted today is "Permitted to Trade" from the next trading day once the exchange's 22:00
 * run finds it compliant (NSE UCC FAQ): the next weekday, as dd/mm/yyyy (holidays not known here).
 */
export function tradingFrom(accepted: Date): string {
  const d = new Date(accepted);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10).split('-').reverse().join('/');
}
