import {
  MAX_MEDIA,
  MAX_QUANTITY,
  MAX_TAGS,
  MAX_TAG_LENGTH,
  MAX_TITLE,
  MAX_VARIANTS,
  METAFIELD_VALUE_CHECKS,
  type ProductRecord,
  type ProductSetInput,
  type UserErrorRecord,
} from './store-records';
import type { ShopState } from './store';

/**
 * What Shopify refuses in a productSet, as its userErrors say it: a blank or long title, too
 * many or too long tags, media and variants past their limits, options and variants that do
 * not match, SKUs and quantities out of range. Checked before anything is written.
 */
export function checkProductSet(
  shop: ShopState,
  input: ProductSetInput,
  existing: ProductRecord | null,
): UserErrorRecord[] {
  const errors: UserErrorRecord[] = [];
  const title = input.title ?? existing?.title ?? '';
  if (!title.trim()) {
    errors.push({ field: ['input', 'title'], message: "Title can't be blank", code: 'BLANK' });
  } else if (Array.from(title).length > MAX_TITLE) {
    errors.push({
      field: ['input', 'title'],
      message: `Title is too long (maximum is ${MAX_TITLE} characters)`,
      code: 'TOO_LONG',
    });
  }
  if (input.tags && input.tags.length > MAX_TAGS) {
    errors.push({
      field: ['input', 'tags'],
      message: `Product can't have more than ${MAX_TAGS} tags`,
      code: 'TAGS_EXCEEDED_LIMIT',
    });
  }
  input.tags?.forEach((tag, index) => {
    if (Array.from(tag).length > MAX_TAG_LENGTH) {
      errors.push({
        field: ['input', 'tags', String(index)],
        message: `Tag is too long (maximum is ${MAX_TAG_LENGTH} characters)`,
        code: 'INVALID',
      });
    }
  });
  if (input.files && input.files.length > MAX_MEDIA) {
    errors.push({
      field: ['input', 'files'],
      message: `A product can't have more than ${MAX_MEDIA} media`,
      code: 'INVALID_INPUT',
    });
  }
  input.files?.forEach((file, index) => {
    const source = file.originalSource ?? '';
    if (!/^https?:\/\//i.test(source) || !URL.canParse(source)) {
      errors.push({
        field: ['input', 'files', String(index), 'originalSource'],
        message: 'Image URL is invalid',
        code: 'INVALID_INPUT',
      });
    }
  });
  input.productOptions?.forEach((option, index) => {
    if (!option.name?.trim()) {
      errors.push({
        field: ['input', 'productOptions', String(index), 'name'],
        message: "Option name can't be blank",
        code: 'BLANK',
      });
    }
    if (!option.values?.length || option.values.some((v) => !v.name?.trim())) {
      errors.push({
        field: ['input', 'productOptions', String(index), 'values'],
        message: 'Each option needs at least one named value',
        code: 'INVALID_INPUT',
      });
    }
  });
  input.metafields?.forEach((m, index) => {
    if (!m.namespace || !m.key || !m.type || m.value == null) {
      errors.push({
        field: ['input', 'metafields', String(index)],
        message: 'A metafield needs a namespace, a key, a type and a value',
        code: 'INVALID_METAFIELD',
      });
    } else if (METAFIELD_VALUE_CHECKS[m.type] && !METAFIELD_VALUE_CHECKS[m.type]!(m.value)) {
      errors.push({
        field: ['input', 'metafields', String(index), 'value'],
        message: `Value is invalid for the type ${m.type}`,
        code: 'INVALID_METAFIELD',
      });
    }
  });
  const variants = input.variants;
  if (variants) {
    if (variants.length === 0) {
      errors.push({
        field: ['input', 'variants'],
        message: 'A product needs at least one variant',
        code: 'INVALID_VARIANT',
      });
    }
    if (variants.length > MAX_VARIANTS) {
      errors.push({
        field: ['input', 'variants'],
        message: `A product can't have more than ${MAX_VARIANTS} variants`,
        code: 'VARIANTS_OVER_LIMIT',
      });
    }
    const options =
      input.productOptions?.map((o) => ({
        name: o.name ?? '',
        values: (o.values ?? []).map((v) => v.name ?? ''),
      })) ??
      existing?.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.name) })) ??
      [];
    const seen = new Set<string>();
    variants.forEach((variant, index) => {
      const at = ['input', 'variants', String(index)];
      if (variant.id) {
        const found = shop.variants.get(variant.id);
        if (!found || found.productId !== existing?.id) {
          errors.push({
            field: [...at, 'id'],
            message: 'Product variant does not exist',
            code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
          });
        }
      }
      if (variant.price != null && Number(variant.price) < 0) {
        errors.push({
          field: [...at, 'price'],
          message: 'Price must be greater than or equal to 0',
          code: 'INVALID_VARIANT',
        });
      }
      const names = variant.optionValues.map((v) => v.optionName ?? '');
      const complete =
        variant.optionValues.length === options.length &&
        options.every((option) => {
          const value = variant.optionValues.find((v) => v.optionName === option.name);
          return value?.name != null && option.values.includes(value.name);
        });
      if (!complete) {
        errors.push({
          field: [...at, 'optionValues'],
          message: `The variant's option values (${names.join(', ') || 'none'}) must give one value of each product option (${
            options.map((o) => o.name).join(', ') || 'none'
          })`,
          code: 'INVALID_VARIANT',
        });
      }
      const key = variant.optionValues
        .map((v) => `${v.optionName}=${v.name}`)
        .sort()
        .join('&');
      if (seen.has(key)) {
        errors.push({
          field: [...at, 'optionValues'],
          message: 'Two variants have the same option values',
          code: 'INVALID_VARIANT',
        });
      }
      seen.add(key);
      variant.inventoryQuantities?.forEach((q, qIndex) => {
        const qAt = [...at, 'inventoryQuantities', String(qIndex)];
        if (q.locationId !== shop.location.id) {
          errors.push({
            field: [...qAt, 'locationId'],
            message: 'Location does not exist',
            code: 'INVALID_INPUT',
          });
        }
        if (q.name !== 'available' && q.name !== 'on_hand') {
          errors.push({
            field: [...qAt, 'name'],
            message: "The quantity name must be either 'available' or 'on_hand'",
            code: 'INVALID_INPUT',
          });
        }
        if (q.quantity < 0 || q.quantity > MAX_QUANTITY) {
          errors.push({
            field: [...qAt, 'quantity'],
            message: `The quantity must be between 0 and ${MAX_QUANTITY}`,
            code: 'INVALID_INPUT',
          });
        }
      });
    });
  }
  return errors;
}
