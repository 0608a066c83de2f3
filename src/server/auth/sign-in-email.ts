/** The sign-in email: the 6-digit code, and a link that opens the sign-in page with it filled in. */
import { company } from '../../business';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInEmail({ code, link, minutes }: { code: string; link: string; minutes: number }): { subject: string; text: string; html: string } {
  const subject = `${code} is your ${company.name} sign-in code`;
  const text = [
    `Your sign-in code is ${code}.`,
    '',
    `Or open this link and press "Sign in": ${link}`,
    '',
    `The code works once, for ${minutes} minutes. If you did not ask to sign in, ignore this email: nobody can sign in without the code.`,
  ].join('\n');
  const html = `<p>Your sign-in code is <strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(code)}</strong>.</p>
<p>Or <a href="${escapeHtml(link)}">open the sign-in page</a> with it filled in and press “Sign in”.</p>
<p>The code works once, for ${minutes} minutes. If you did not ask to sign in, ignore this email: nobody can sign in without the code.</p>`;
  return { subject, text, html };
}
