// The labels module's door: each user's label list, and the names an item is saved with.
export { LabelService, uniqueLabelNames, type LabelledItems } from './label.service';
