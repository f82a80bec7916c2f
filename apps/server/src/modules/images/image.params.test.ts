import { describe, expect, it } from 'vitest';
import {
  canonicalParams,
  hasTransform,
  ImageParamError,
  parseColor,
  parseImageParams,
} from './image.params';

describe('image parameters (Fastly IO style)', () => {
  it('reads width, height and fit', () => {
    expect(parseImageParams({ width: '800', height: '600', fit: 'bounds' })).toEqual({
      width: 800,
      height: 600,
      fit: 'bounds',
    });
    expect(parseImageParams({})).toEqual({});
    expect(hasTransform(parseImageParams({}))).toBe(false);
    expect(parseImageParams({ unknown: 'ignored' })).toEqual({});
  });

  it('caps sizes at 4000 and takes whole pixels only', () => {
    expect(parseImageParams({ width: '4000' }).width).toBe(4000);
    for (const width of ['0', '4001', '-1', '1.5', 'abc', '', '1e3', ' 10']) {
      expect(() => parseImageParams({ width }), width).toThrow(ImageParamError);
    }
    expect(() => parseImageParams({ width: ['1', '2'] })).toThrow('given once');
  });

  it('knows the fits bounds, cover and crop', () => {
    expect(() => parseImageParams({ fit: 'stretch' })).toThrow('bounds, cover, crop');
  });

  it('reads bg-color as hex (3 or 6 digits, # optional) or decimal rgb(a)', () => {
    expect(parseColor('ffffff')).toEqual({ r: 255, g: 255, b: 255, alpha: 1 });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, alpha: 1 });
    expect(parseColor('a22')).toEqual({ r: 0xaa, g: 0x22, b: 0x22, alpha: 1 });
    expect(parseColor('cf23a5')).toEqual({ r: 0xcf, g: 0x23, b: 0xa5, alpha: 1 });
    expect(parseColor('255,0,0')).toEqual({ r: 255, g: 0, b: 0, alpha: 1 });
    expect(parseColor('0,255,0,0.5')).toEqual({ r: 0, g: 255, b: 0, alpha: 0.5 });
    for (const bad of ['ffff', 'ggg', '256,0,0', '1,2', '1,2,3,2', 'red', '']) {
      expect(() => parseColor(bad), bad).toThrow(ImageParamError);
    }
  });

  it('reads canvas as pixels or a ratio, with an optional position', () => {
    expect(parseImageParams({ canvas: '800,800' }).canvas).toEqual({
      size: { kind: 'pixels', width: 800, height: 800 },
      x: { kind: 'offset', value: 0.5 },
      y: { kind: 'offset', value: 0.5 },
    });
    expect(parseImageParams({ canvas: '16:9' }).canvas?.size).toEqual({
      kind: 'ratio',
      width: 16,
      height: 9,
    });
    expect(parseImageParams({ canvas: '800,800,x10,offset-y25' }).canvas).toMatchObject({
      x: { kind: 'pixels', value: 10 },
      y: { kind: 'offset', value: 0.25 },
    });
    for (const bad of [
      '800',
      '800,',
      'a,b',
      '0,10',
      '4001,10',
      '1:0',
      '10,10,z5',
      '10,10,offset-x101',
      '10,10,x1,offset-x2',
    ]) {
      expect(() => parseImageParams({ canvas: bad }), bad).toThrow(ImageParamError);
    }
  });

  it('gives equal parameters the same cache text, and drops a fit that has no effect', () => {
    const a = canonicalParams(parseImageParams({ height: '10', width: '20', 'bg-color': 'fff' }));
    const b = canonicalParams(
      parseImageParams({ 'bg-color': '#FFFFFF', width: '20', height: '10' }),
    );
    expect(a).toBe(b);
    expect(canonicalParams(parseImageParams({ width: '20', fit: 'crop' }))).toBe('w=20');
  });
});
