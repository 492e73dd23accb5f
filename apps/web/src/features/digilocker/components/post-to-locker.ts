/**
 * The hidden form post of section 2: the page is replaced by the document locker's consent page,
 * the authorization request's parameters travelling as form fields.
 */
export function postToLocker(url: string) {
  const target = new URL(url, window.location.origin);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `${target.origin}${target.pathname}`;
  form.hidden = true;
  for (const [name, value] of target.searchParams) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
