/**
 * Section 2's hand-over to the document locker: the page is replaced by the locker's consent page
 * with a GET to its authorize address, the request's parameters in the query (as the DigiLocker
 * authorised-partner specification defines /oauth2/1/authorize).
 */
export function redirectToLocker(url: string) {
  window.location.assign(new URL(url, window.location.origin).toString());
}
