/**
 * A general category is a path of levels, most general first ("Clothing › Men › Jeans"). The
 * item form's hint, the demo and the app write it with ` › `; sellers and imports also type
 * ` > `, so both are read as the same path wherever a category is compared (mapping rules).
 */
export const CATEGORY_SEPARATOR = ' › ';

const SEPARATORS = /\s*[›>]\s*/;

/** The levels of a category path, trimmed, empty ones left out. */
export function categoryLevels(category: string): string[] {
  return category
    .split(SEPARATORS)
    .map((level) => level.trim())
    .filter((level) => level !== '');
}

/** The path written with ListLoop's separator, whichever the seller typed. */
export function normalizeCategoryPath(category: string): string {
  return categoryLevels(category).join(CATEGORY_SEPARATOR);
}
