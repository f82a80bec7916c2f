import { describe, expect, it } from 'vitest';
import {
  BackgroundRemovalStartSchema,
  BackgroundRemoverJsonSchema,
  BackgroundRemoverQuerySchema,
  backgroundRemovalJobPath,
} from './background-removal.api';

const IMAGE = 'a'.repeat(24);

describe('background removal requests', () => {
  it('takes a transparent PNG by default, from the web', () => {
    expect(BackgroundRemovalStartSchema.parse({ imageId: IMAGE })).toEqual({
      imageId: IMAGE,
      output: 'png',
      originPlatform: 'web',
    });
  });

  it('needs a #rrggbb colour with the colour output, and names the field', () => {
    const missing = BackgroundRemovalStartSchema.safeParse({ imageId: IMAGE, output: 'colour' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['colour']);
    const named = BackgroundRemovalStartSchema.safeParse({
      imageId: IMAGE,
      output: 'colour',
      colour: 'red',
    });
    expect(named.error?.issues[0]?.path).toEqual(['colour']);
    expect(
      BackgroundRemovalStartSchema.parse({ imageId: IMAGE, output: 'colour', colour: '#A0b1C2' })
        .colour,
    ).toBe('#A0b1C2');
  });

  it('the spec call needs originPlatform and imageUrl in JSON, and neither in the query', () => {
    expect(BackgroundRemoverJsonSchema.safeParse({ imageUrl: '/api/images/x' }).success).toBe(
      false,
    );
    expect(BackgroundRemoverJsonSchema.safeParse({ originPlatform: 'web' }).success).toBe(false);
    expect(BackgroundRemoverQuerySchema.parse({ output: 'white' })).toEqual({ output: 'white' });
    expect(BackgroundRemoverQuerySchema.safeParse({ output: 'colour' }).success).toBe(false);
  });

  it('escapes a job id in its address', () => {
    expect(backgroundRemovalJobPath('a/b')).toBe('/api/rest/v1/background_remover/jobs/a%2Fb');
  });
});
