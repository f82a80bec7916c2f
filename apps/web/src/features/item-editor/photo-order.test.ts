import type { Image } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { PhotoOrder, placeImage } from './photo-order';

const image = (id: string): Image => ({
  id,
  url: `/api/images/${id}.jpeg`,
  url_l: '',
  url_s: '',
  version: 3,
  originalMaxDimension: 0,
});
const ids = (images: readonly Image[]) => images.map((candidate) => candidate.id);

/** The item's photos as the uploads finish in `finished` order (file → image ids). */
function arrive(
  order: PhotoOrder,
  start: Image[],
  finished: [fileId: string, imageId: string][],
): Image[] {
  let images = start;
  for (const [fileId, imageId] of finished) {
    const before = order.ready(fileId, imageId);
    images = placeImage(images, image(imageId), { replaces: null, before });
  }
  return images;
}

describe('photos picked together keep the order they were picked in', () => {
  it('the second finishing first does not become the cover', () => {
    const order = new PhotoOrder();
    order.picked('front.png');
    order.picked('back.png');
    const images = arrive(
      order,
      [],
      [
        ['back.png', 'img-back'],
        ['front.png', 'img-front'],
      ],
    );
    expect(ids(images)).toEqual(['img-front', 'img-back']);
  });

  it('every completion order of three gives the picked order, after the photos already there', () => {
    const orders: [string, string][][] = [
      [
        ['a', 'A'],
        ['b', 'B'],
        ['c', 'C'],
      ],
      [
        ['c', 'C'],
        ['b', 'B'],
        ['a', 'A'],
      ],
      [
        ['b', 'B'],
        ['c', 'C'],
        ['a', 'A'],
      ],
      [
        ['c', 'C'],
        ['a', 'A'],
        ['b', 'B'],
      ],
    ];
    for (const finished of orders) {
      const order = new PhotoOrder();
      for (const file of ['a', 'b', 'c']) order.picked(file);
      expect(ids(arrive(order, [image('old')], finished))).toEqual(['old', 'A', 'B', 'C']);
    }
  });

  it('a later drop comes after an earlier one still on its way', () => {
    const order = new PhotoOrder();
    order.picked('first-drop');
    order.picked('second-drop');
    expect(
      ids(
        arrive(
          order,
          [],
          [
            ['second-drop', 'S'],
            ['first-drop', 'F'],
          ],
        ),
      ),
    ).toEqual(['F', 'S']);
  });

  it('a retried file keeps its place', () => {
    const order = new PhotoOrder();
    const place = order.picked('a');
    order.picked('b');
    const after = arrive(order, [], [['b', 'B']]);
    order.forget('a');
    order.picked('a-again', place);
    expect(ids(arrive(order, after, [['a-again', 'A']]))).toEqual(['A', 'B']);
  });

  it('a photo the seller removed meanwhile, or one not picked here, changes nothing', () => {
    const order = new PhotoOrder();
    order.picked('a');
    order.picked('b');
    const withB = arrive(order, [image('old')], [['b', 'B']]);
    const removed = withB.filter((candidate) => candidate.id !== 'B');
    expect(ids(arrive(order, removed, [['a', 'A']]))).toEqual(['old', 'A']);
    expect(ids(arrive(order, [], [['unknown', 'U']]))).toEqual(['U']);
  });

  it('a rotated copy takes the place of its original', () => {
    const images = [image('A'), image('B')];
    const rotated = placeImage(images, image('B2'), { replaces: 'B', before: new Set() });
    expect(ids(rotated)).toEqual(['A', 'B2']);
    expect(ids(placeImage(images, image('C2'), { replaces: 'C', before: new Set() }))).toEqual([
      'A',
      'B',
    ]);
  });
});
