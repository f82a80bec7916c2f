/**
 * pg_dump's plain output cut into pieces to run one after another in one session, each ending
 * between two statements. A large inventory's dump is too much for one `exec`: PostgreSQL parses
 * a whole multi-statement text before it runs any of it, and a JavaScript string has a limit.
 *
 * pg_dump heads every object with a comment (`-- Name: …`, `-- Data for Name: …`). Object
 * definitions, functions with dollar-quoted bodies among them, go whole, one object a piece.
 * Table data is one INSERT a row; it is cut every `maxChars` or so after a row's `;`, with
 * string literals followed (doubled quotes, and backslash escapes: pg_dump sets
 * standard_conforming_strings off) so a value that holds a newline, a `;` or a line like a
 * header never cuts a row in two.
 */
export async function* pgDumpBatches(
  dump: Blob,
  maxChars = 1 << 20,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  let batch: string[] = [];
  let size = 0;
  let inData = false;
  let inQuote = false;

  function* take(): Generator<string> {
    const text = batch.join('\n');
    if (text.trim() !== '') yield text;
    batch = [];
    size = 0;
  }

  function* line(text: string): Generator<string> {
    if (!inQuote && text.startsWith('-- ')) {
      if (text.startsWith('-- Data for Name: ')) {
        yield* take();
        inData = true;
      } else if (text.startsWith('-- Name: ')) {
        yield* take();
        inData = false;
      }
    }
    batch.push(text);
    size += text.length + 1;
    if (!inData) return;
    for (let i = 0; i < text.length; i += 1) {
      const ch = text[i];
      if (!inQuote) {
        if (ch === "'") inQuote = true;
      } else if (ch === '\\') {
        i += 1;
      } else if (ch === "'") {
        if (text[i + 1] === "'") i += 1;
        else inQuote = false;
      }
    }
    if (!inQuote && size >= maxChars && text.endsWith(';')) yield* take();
  }

  const reader = dump.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = pending.split('\n');
    pending = done ? '' : (lines.pop() ?? '');
    for (const text of lines) yield* line(text);
    if (done) break;
  }
  yield* take();
}
