export function healthCheck(): string {
  return "ok";
}
