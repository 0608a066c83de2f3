/** Only a full https address of a public host name: no other scheme, no user name or password. */
export function isHttpsAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && /^([a-z0-9-]+\.)+[a-z]{2,}$/i.test(url.hostname);
}
