import {
  brandsIn,
  ENRICHMENT_FIELDS,
  isApplicableField,
  ITEM_CONDITIONS,
  materialsIn,
  materialText,
  sizeIn,
  TITLE_MAX_LENGTH,
  type EnrichmentApplicableField,
  type EnrichmentField,
  type EnrichmentSuggestion,
} from '@listloop/domain';
import type { PhotoFindings } from './enrichment.analysis';
import type { VisionSuggestions } from './enrichment.vision';

/**
 * How sure a vision model's answer is taken to be: it gives no figure of its own, and it is
 * a guess about the whole item, less sure than a printed brand read well or a checked barcode.
 */
export const VISION_CONFIDENCE = 0.6;

/** The longest value each field takes (the general details' limits). */
const MAX_LENGTH: Record<EnrichmentField, number> = {
  brand: 100,
  primaryColor: 40,
  size: 40,
  condition: 40,
  category: 200,
  title: TITLE_MAX_LENGTH,
  material: 200,
  barcode: 64,
};

export interface AnalysedPhoto extends PhotoFindings {
  photo: string;
}

/**
 * Every suggestion the findings support, one per field and value (the surest kept), grouped
 * by field in ENRICHMENT_FIELDS' order and surest first within a field:
 * - the colour: the largest colour of the first photo that has one, its background left out;
 * - printed text: a known brand on a line, a size, the material shares;
 * - a barcode whose check digit holds, as it is (it fills no field);
 * - what a vision model suggested, a condition only when it is one of the item's conditions.
 */
export function suggestionsOf(
  photos: readonly AnalysedPhoto[],
  vision: VisionSuggestions | null,
  knownBrands: readonly string[],
): EnrichmentSuggestion[] {
  const found: EnrichmentSuggestion[] = [];
  const add = (suggestion: EnrichmentSuggestion) => {
    const value = suggestion.value.trim().slice(0, MAX_LENGTH[suggestion.field]);
    if (value) found.push({ ...suggestion, value });
  };

  for (const { photo, colours } of photos) {
    const item = colours.filter((colour) => !colour.background);
    const top = item[0];
    if (!top) continue;
    const itemShare = item.reduce((sum, colour) => sum + colour.share, 0);
    add({
      field: 'primaryColor',
      value: top.name,
      source: 'colour',
      confidence: round(top.share / itemShare),
      evidence: { photo, hex: top.hex, share: top.share },
    });
    break;
  }

  for (const { photo, text } of photos) {
    for (const line of text) {
      for (const brand of brandsIn(line.text, knownBrands)) {
        add({
          field: 'brand',
          value: brand,
          source: 'text',
          confidence: line.confidence,
          evidence: { photo, text: line.text },
        });
      }
      const size = sizeIn(line.text);
      if (size) {
        add({
          field: 'size',
          value: size,
          source: 'text',
          confidence: line.confidence,
          evidence: { photo, text: line.text },
        });
      }
      const materials = materialsIn(line.text);
      if (materials.length > 0) {
        add({
          field: 'material',
          value: materialText(materials),
          source: 'text',
          confidence: line.confidence,
          evidence: { photo, text: line.text },
        });
      }
    }
  }

  for (const { photo, barcodes } of photos) {
    for (const barcode of barcodes) {
      add({
        field: 'barcode',
        value: barcode.value,
        source: 'barcode',
        confidence: 1,
        evidence: { photo, barcode },
      });
    }
  }

  if (vision) {
    const said = (field: EnrichmentField, value: string | undefined) => {
      if (typeof value !== 'string' || !value.trim()) return;
      add({
        field,
        value,
        source: 'vision',
        confidence: VISION_CONFIDENCE,
        evidence: { photo: null, text: value },
      });
    };
    said('brand', vision.brand);
    said('category', vision.category);
    said('title', vision.title);
    said('primaryColor', vision.colour);
    const condition = vision.condition
      ?.trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (condition && (ITEM_CONDITIONS as readonly string[]).includes(condition)) {
      said('condition', condition);
    }
  }

  const best = new Map<string, EnrichmentSuggestion>();
  for (const suggestion of found) {
    const key = `${suggestion.field}\n${suggestion.value.toLowerCase()}`;
    const known = best.get(key);
    if (!known || suggestion.confidence > known.confidence) best.set(key, suggestion);
  }
  const order = (field: EnrichmentField) => ENRICHMENT_FIELDS.indexOf(field);
  return [...best.values()].sort(
    (a, b) => order(a.field) - order(b.field) || b.confidence - a.confidence,
  );
}

/** The surest suggestion of each field that can be filled: what applying would write. */
export function valuesToApply(
  suggestions: readonly EnrichmentSuggestion[],
): Partial<Record<EnrichmentApplicableField, string>> {
  const values: Partial<Record<EnrichmentApplicableField, string>> = {};
  for (const suggestion of suggestions) {
    if (!isApplicableField(suggestion.field)) continue;
    values[suggestion.field] ??= suggestion.value;
  }
  return values;
}

function round(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
