export function formatPrice(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}
export function relativeTime(then: Date, now: Date): string {
  const minutes = Math.round((now.getTime() - then.getTime()) / 60000);
  return minutes < 60 ? `${minutes} minutes ago` : `${Math.round(minutes / 60)} hours ago`;
}
export function truncateWords(text: string, maxWords: number): string {
  const words = text.split(/\s+/);
  return words.length <= maxWords ? text : words.slice(0, maxWords).join(" ") + "…";
}
