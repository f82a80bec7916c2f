import {
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  type AiSuggestions,
  type ItemCondition,
} from '@listloop/domain';

/**
 * The offline helper's rules: a title and a description composed from the item's own fields,
 * and its category, brand, condition and colour read from its words and the seller's similar
 * items. Pure and deterministic: the same facts always give the same answer, with no model.
 * It writes English (the words a seller's item fields are usually in); a model answers in the
 * language it is asked in.
 */

/** The item as the helper sees it: the saved item with what the seller has typed over it. */
export interface ComposerItem {
  title: string;
  description: string;
  brand: string;
  category: string | null;
  /** The category's path from the marketplace's tree (its last step is the most precise). */
  categoryPath: readonly string[];
  condition: ItemCondition | null;
  colour: string | null;
  size: string;
}

/** One of the seller's other items whose words meet this one's. */
export interface Neighbour {
  title: string;
  brand: string;
  category: string | null;
}

export interface ComposerFacts {
  item: ComposerItem;
  /** What the seller asked, as text (a prompt, or their messages). */
  prompt: string;
  /** The marketplace's limits in characters; null: ListLoop's own. */
  titleMax: number | null;
  descriptionMax: number | null;
  /** The seller's items sharing words with this one, newest first. */
  neighbours: readonly Neighbour[];
  /** Every brand in the seller's inventory, as they spell it. */
  knownBrands: readonly string[];
}

export type ComposedSuggestions = Pick<
  AiSuggestions,
  'title' | 'description' | 'category' | 'brand' | 'condition' | 'colour'
>;

export const CONDITION_LABELS: Record<ItemCondition, string> = {
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  like_new: 'Like new',
  good: 'Good condition',
  fair: 'Fair condition',
  poor: 'Poor condition',
};

const CONDITION_SENTENCES: Record<ItemCondition, string> = {
  new_with_tags: 'New with tags attached, never worn.',
  new_without_tags: 'New without tags, never worn.',
  like_new: 'Like new, with no signs of wear.',
  good: 'In good condition, with light signs of use.',
  fair: 'In fair condition, with visible signs of wear.',
  poor: 'In poor condition, with clear wear or damage.',
};

/** Conditions worth a place in a title: a buyer searches for them. */
const TITLE_CONDITIONS: ReadonlySet<ItemCondition> = new Set([
  'new_with_tags',
  'new_without_tags',
  'like_new',
]);

/** Phrases that say the condition, tried in this order (the more precise first). */
const CONDITION_PHRASES: readonly [ItemCondition, readonly string[]][] = [
  ['new_with_tags', ['nwt', 'bnwt', 'new with tags', 'tags attached', 'with tags']],
  ['new_without_tags', ['nwot', 'bnwot', 'new without tags', 'never worn', 'unworn']],
  ['like_new', ['like new', 'worn once', 'excellent condition', 'mint condition']],
  ['poor', ['poor condition', 'damaged', 'for parts', 'heavily worn', 'has holes']],
  ['fair', ['fair condition', 'signs of wear', 'some wear', 'well worn']],
  ['good', ['good condition', 'very good', 'gently used', 'pre owned', 'preowned', 'used']],
];

const COLOURS = [
  'black',
  'white',
  'grey',
  'gray',
  'red',
  'blue',
  'navy',
  'green',
  'yellow',
  'orange',
  'pink',
  'purple',
  'brown',
  'beige',
  'cream',
  'tan',
  'khaki',
  'gold',
  'silver',
  'burgundy',
  'maroon',
  'teal',
  'turquoise',
  'ivory',
  'olive',
  'multicolour',
  'multicolor',
];

const MATERIALS = [
  'cotton',
  'wool',
  'leather',
  'suede',
  'silk',
  'linen',
  'denim',
  'cashmere',
  'polyester',
  'nylon',
  'velvet',
  'corduroy',
  'satin',
  'fleece',
  'canvas',
  'merino',
  'tweed',
];

const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'from',
  'this',
  'that',
  'size',
  'new',
  'used',
  'item',
  'please',
  'write',
  'title',
  'description',
  'suggest',
  'make',
  'give',
  'better',
  'improve',
  'listing',
  'condition',
]);

/** Lower-case words of a text: letters and digits, apostrophes kept inside words. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((w) =>
    w.replace(/’/g, "'"),
  );
}

/** The words that tell one item from another: no stop words, three characters or a digit. */
export function keyWordsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const word of wordsOf(text)) {
    if (STOP_WORDS.has(word)) continue;
    if (word.length < 3 && !/\d/.test(word)) continue;
    seen.add(word);
  }
  return [...seen];
}

const length = (text: string) => [...text].length;

/** Whether `phrase` occurs in `text` as whole words, in any case. */
export function containsPhrase(text: string, phrase: string): boolean {
  const words = wordsOf(phrase);
  if (words.length === 0) return false;
  const haystack = ` ${wordsOf(text).join(' ')} `;
  return haystack.includes(` ${words.join(' ')} `);
}

const capitalise = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

/** The most precise name of the item's category: the last step of its path. */
export function categoryLeaf(item: Pick<ComposerItem, 'category' | 'categoryPath'>): string | null {
  const fromPath = item.categoryPath[item.categoryPath.length - 1]?.trim();
  if (fromPath) return fromPath;
  const steps = (item.category ?? '')
    .split(/\s*(?:>|\/|›|»)\s*/)
    .map((step) => step.trim())
    .filter(Boolean);
  return steps[steps.length - 1] ?? null;
}

/** The first word of the vocabulary met in the texts, in the order the texts are given. */
function firstOf(vocabulary: readonly string[], texts: readonly string[]): string | null {
  for (const text of texts) {
    for (const word of wordsOf(text)) if (vocabulary.includes(word)) return word;
  }
  return null;
}

export function conditionIn(texts: readonly string[]): ItemCondition | null {
  for (const [condition, phrases] of CONDITION_PHRASES) {
    if (texts.some((text) => phrases.some((phrase) => containsPhrase(text, phrase)))) {
      return condition;
    }
  }
  return null;
}

/** Cuts a text to `max` characters at the last whole word that fits. */
export function cutAtWord(text: string, max: number): string {
  if (length(text) <= max) return text;
  const chars = [...text].slice(0, max + 1);
  const lastSpace = chars.lastIndexOf(' ');
  const cut = (lastSpace > 0 ? chars.slice(0, lastSpace) : chars.slice(0, max)).join('');
  return cut.replace(/[\s,;:–-]+$/u, '');
}

/** The value the seller's neighbours share most, weighted by how many words each shares. */
function vote(
  neighbours: readonly Neighbour[],
  words: readonly string[],
  pick: (n: Neighbour) => string | null,
): string | null {
  const scores = new Map<string, { value: string; score: number }>();
  const wanted = new Set(words);
  for (const neighbour of neighbours) {
    const value = pick(neighbour)?.trim();
    if (!value) continue;
    const shared = keyWordsOf(`${neighbour.title} ${neighbour.brand}`).filter((w) =>
      wanted.has(w),
    ).length;
    if (shared === 0) continue;
    const key = value.toLowerCase();
    const entry = scores.get(key) ?? { value, score: 0 };
    entry.score += shared;
    scores.set(key, entry);
  }
  // At least two shared words in all: one common word ("shirt") is not enough to name a brand.
  const ranked = [...scores.values()]
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score || a.value.localeCompare(b.value));
  return ranked[0]?.value ?? null;
}

/** Category, brand, condition and colour: the item's own first, then its words, then neighbours. */
export function predict(facts: ComposerFacts): Omit<ComposedSuggestions, 'title' | 'description'> {
  const { item } = facts;
  const texts = [item.title, facts.prompt, item.description];
  const words = keyWordsOf(`${item.title} ${facts.prompt}`);
  const brandInWords = [...facts.knownBrands]
    .filter((brand) => brand.trim() && texts.slice(0, 2).some((t) => containsPhrase(t, brand)))
    .sort((a, b) => length(b) - length(a) || a.localeCompare(b))[0];
  const brand = item.brand.trim() || brandInWords || vote(facts.neighbours, words, (n) => n.brand);
  const category =
    item.category?.trim() || vote(facts.neighbours, words, (n) => n.category) || undefined;
  const condition = item.condition ?? conditionIn(texts) ?? undefined;
  const colourWord = firstOf(COLOURS, texts);
  const colour = item.colour?.trim() || (colourWord ? capitalise(colourWord) : undefined);
  return {
    ...(brand ? { brand } : {}),
    ...(category ? { category } : {}),
    ...(condition ? { condition } : {}),
    ...(colour ? { colour } : {}),
  };
}

interface TitlePart {
  text: string;
  /** Lower is kept first when the limit is tight. */
  priority: number;
}

/**
 * Brand, the seller's own words (model, style), colour, material, category, size and a
 * condition a buyer searches for, each once, within the marketplace's title limit: the
 * seller's words are kept, then the facts in order of what buyers search by.
 */
export function composeTitle(facts: ComposerFacts, predicted = predict(facts)): string | null {
  const max = facts.titleMax ?? TITLE_MAX_LENGTH;
  const { item } = facts;
  const base = (item.title.trim() || (length(facts.prompt) <= 120 ? facts.prompt.trim() : ''))
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/u, '');
  const has = (phrase: string) => containsPhrase(base, phrase);
  const material = firstOf(MATERIALS, [item.title, item.description, facts.prompt]);
  const leaf = predicted.category ? categoryLeaf({ ...item, category: predicted.category }) : null;
  const size = item.size.trim();
  const condition = predicted.condition;

  const before: TitlePart[] = [];
  const after: TitlePart[] = [];
  if (predicted.brand && !has(predicted.brand)) before.push({ text: predicted.brand, priority: 1 });
  if (predicted.colour && !has(predicted.colour))
    after.push({ text: capitalise(predicted.colour), priority: 3 });
  if (material && !has(material)) after.push({ text: capitalise(material), priority: 5 });
  if (leaf && !has(leaf)) after.push({ text: leaf, priority: 4 });
  if (size && !containsPhrase(base, `size ${size}`))
    after.push({ text: `Size ${size}`, priority: 2 });
  if (condition && TITLE_CONDITIONS.has(condition) && !has(CONDITION_LABELS[condition]))
    after.push({ text: CONDITION_LABELS[condition], priority: 6 });
  if (!base && before.length === 0 && after.length === 0) return null;

  const kept = new Set<TitlePart>();
  const join = (baseText: string) =>
    [...before, { text: baseText, priority: 0 }, ...after]
      .filter((part) => part.priority === 0 || kept.has(part))
      .map((part) => part.text)
      .filter(Boolean)
      .join(' ');
  // A long title of the seller's gives up its last words for the brand, the word buyers
  // search by first; the other facts only take room that is left.
  const brandRoom = before.reduce((room, part) => room + length(part.text) + 1, 0);
  const baseFit = cutAtWord(base, brandRoom > 0 && brandRoom <= max / 3 ? max - brandRoom : max);
  for (const part of [...before, ...after].sort((a, b) => a.priority - b.priority)) {
    kept.add(part);
    if (length(join(baseFit)) > max) kept.delete(part);
  }
  const title = join(baseFit).trim();
  return title ? cutAtWord(title, max) : null;
}

/** The block of facts the helper adds under a description, and finds again to replace. */
const DETAILS_HEADING = 'Details:';

/**
 * The seller's own description (or an opening composed from the title and condition), then
 * the facts as a list, within the marketplace's limit: facts are dropped from the end first,
 * then the seller's text is cut at a sentence.
 */
export function composeDescription(
  facts: ComposerFacts,
  predicted = predict(facts),
  title = composeTitle(facts, predicted),
): string | null {
  const max = Math.min(facts.descriptionMax ?? DESCRIPTION_MAX_LENGTH, DESCRIPTION_MAX_LENGTH);
  const { item } = facts;
  // Asked again, the helper replaces its own list of details rather than adding a second one.
  const own = item.description.split(new RegExp(`(?:^|\\n)${DETAILS_HEADING}\\n`))[0]!.trim();
  const condition = predicted.condition;
  const opening =
    own ||
    [title ? `${title}.` : '', condition ? CONDITION_SENTENCES[condition] : '']
      .filter(Boolean)
      .join(' ');
  const material = firstOf(MATERIALS, [item.title, item.description, facts.prompt]);
  const details: string[] = [];
  if (predicted.brand) details.push(`- Brand: ${predicted.brand}`);
  const leaf = predicted.category ? categoryLeaf({ ...item, category: predicted.category }) : null;
  if (leaf) details.push(`- Category: ${leaf}`);
  if (item.size.trim()) details.push(`- Size: ${item.size.trim()}`);
  if (predicted.colour) details.push(`- Colour: ${capitalise(predicted.colour)}`);
  if (material) details.push(`- Material: ${capitalise(material)}`);
  if (condition) details.push(`- Condition: ${CONDITION_LABELS[condition]}`);
  if (!opening && details.length === 0) return null;

  const compose = (text: string, lines: readonly string[]) =>
    [text, lines.length ? `${DETAILS_HEADING}\n${lines.join('\n')}` : '']
      .filter(Boolean)
      .join('\n\n');
  const lines = [...details];
  while (lines.length > 0 && length(compose(opening, lines)) > max) lines.pop();
  let text = opening;
  if (length(compose(text, lines)) > max) {
    const room = max - (length(compose('', lines)) + (lines.length ? 2 : 0));
    text = cutAtSentence(text, Math.max(room, 0));
  }
  const description = compose(text, lines).trim();
  return description ? [...description].slice(0, max).join('') : null;
}

/** Cuts at the last sentence end that fits, else at a word. */
function cutAtSentence(text: string, max: number): string {
  if (length(text) <= max) return text;
  const head = [...text].slice(0, max).join('');
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('! '));
  return end > 0 ? head.slice(0, end + 1) : cutAtWord(text, max);
}

/** Every suggestion the offline helper can make for these facts. */
export function composeAll(facts: ComposerFacts): ComposedSuggestions {
  const predicted = predict(facts);
  const title = composeTitle(facts, predicted);
  const description = composeDescription(facts, predicted, title);
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...predicted,
  };
}
