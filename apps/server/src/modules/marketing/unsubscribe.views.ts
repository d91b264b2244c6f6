import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { UnsubscribeSubject } from './unsubscribe.service';

/**
 * The unsubscribe pages (issue 23): html made on the server, every value escaped by `html`, no
 * script; one plain form does the unsubscribe. They look like the help centre's pages (ADR 030).
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const styles = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
:focus-visible{outline:3px solid #4f46e5;outline-offset:2px;border-radius:2px}
main{max-width:32rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0 0 1rem}
.muted{color:#475569}
button{font:inherit;font-weight:600;padding:.625rem 1rem;border-radius:.5rem;border:1px solid #3730a3;background:#4338ca;color:#fff;cursor:pointer}
button:hover{background:#3730a3}
`.replace(/\n/g, '');

function layout(title: string, main: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="icon" href="data:," />
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main id="main"><div class="card">${main}</div></main>
      </body>
    </html>`;
}

const whose = (subject: UnsubscribeSubject) => subject.workspaceName || 'this sender';

/** Asks before unsubscribing; the form posts what RFC 8058's one-click request posts. */
export function confirmPage(subject: UnsubscribeSubject, action: string): Html {
  return layout(
    'Unsubscribe',
    html`<h1>Unsubscribe from ${whose(subject)}’s emails?</h1>
      <p><strong>${subject.email}</strong> will no longer receive campaign emails from ${whose(subject)}.</p>
      <form method="post" action="${action}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">Unsubscribe</button>
      </form>`,
  );
}

export function unsubscribedPage(subject: UnsubscribeSubject): Html {
  return layout(
    'You are unsubscribed',
    html`<h1>You are unsubscribed</h1>
      <p role="status">
        <strong>${subject.email}</strong> will receive no more campaign emails from ${whose(subject)}.
      </p>
      <p class="muted">You can close this page.</p>`,
  );
}

/** A forged, altered or outdated link: nothing says what it might have named. */
export function invalidLinkPage(): Html {
  return layout(
    'Link not valid',
    html`<h1>This link is not valid</h1>
      <p class="muted">Check that you opened the whole link from the email.</p>`,
  );
}
