import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishDataDir } from './enrichment.text';

describe('the text reader’s English model', () => {
  it('is read from a directory installed with the server, never from an address', () => {
    const dir = englishDataDir();
    // tesseract.js fetches only when langPath is a URL; a local path is read from disk.
    expect(path.isAbsolute(dir)).toBe(true);
    expect(dir).not.toMatch(/^[a-z]+:\/\//);
    expect(fs.statSync(path.join(dir, 'eng.traineddata.gz')).size).toBeGreaterThan(1_000_000);
  });
});
