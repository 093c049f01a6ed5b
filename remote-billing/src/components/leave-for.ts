/** Hands the page over to the payment provider (checkout, billing portal); a module of its own so tests can watch it. */
export function leaveFor(url: string) {
  window.location.assign(url);
}
