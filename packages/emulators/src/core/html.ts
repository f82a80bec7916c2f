const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Markup that is already safe (built by `html`), passed through unescaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * A template tag that escapes every interpolated value, except SafeHtml and arrays of it: the
 * emulator pages show sellers' own titles and descriptions.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) {
      if (part === null || part === undefined || part === false) continue;
      out += part instanceof SafeHtml ? part.value : escapeHtml(part);
    }
    out += strings[index + 1] ?? '';
  });
  return new SafeHtml(out);
}

/** A whole page, with a banner that says it is an emulator, not the marketplace. */
export function page(title: string, marketplace: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${marketplace} (emulated)</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            color: #1d1d1f;
            background: #fafafa;
          }
          .banner {
            background: #fff3bf;
            border-bottom: 1px solid #f0d264;
            padding: 8px 16px;
            font-size: 14px;
          }
          main {
            max-width: 880px;
            margin: 24px auto;
            padding: 0 16px;
          }
          .card {
            background: #fff;
            border: 1px solid #ddd;
            border-radius: 8px;
            padding: 20px;
          }
          .photos {
            display: flex;
            gap: 8px;
            flex-wrap: wrap;
            margin: 12px 0;
          }
          .photos img {
            width: 160px;
            height: 160px;
            object-fit: cover;
            border-radius: 6px;
            border: 1px solid #eee;
          }
          .price {
            font-size: 24px;
            font-weight: 600;
          }
          .status {
            display: inline-block;
            padding: 2px 8px;
            border-radius: 10px;
            background: #e7f5ff;
            font-size: 13px;
          }
          dl {
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 4px 16px;
          }
          dt {
            color: #666;
          }
          button {
            font-size: 16px;
            padding: 8px 16px;
            border-radius: 6px;
            border: 1px solid #1971c2;
            background: #1c7ed6;
            color: #fff;
            cursor: pointer;
          }
          button.secondary {
            background: #fff;
            color: #1971c2;
          }
          .description {
            white-space: pre-wrap;
          }
        </style>
      </head>
      <body>
        <div class="banner">
          Emulated ${marketplace}: a local stand-in for testing and the sandbox, not the real
          marketplace.
        </div>
        <main>${body}</main>
      </body>
    </html>`.value;
}
