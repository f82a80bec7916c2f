import type { GeneralDetails, ItemCondition } from '@listloop/domain';
import type { ReactNode } from 'react';
import type { DetailsPath, DraftValue } from './item-draft';

/** A field value an assistant beside the details hands the form, one field at a time. */
export type DetailsChange =
  | { field: 'title' | 'description' | 'brand' | 'category' | 'colour'; value: string }
  | { field: 'condition'; value: ItemCondition }
  | { field: 'price'; value: number };

export interface DetailsAssistantProps {
  /** The saved item; null while a new one is not created yet. */
  itemId: string | null;
  /** The details as they are in the form now, unsaved typing included. */
  details: GeneralDetails;
  /** Puts a value the seller accepted in the form, where autosave takes it like typing. */
  accept: (change: DetailsChange) => void;
}

/**
 * Something shown beside the item's details that may fill them in when the seller says so.
 * The editor only renders it: the app layer composes it in (the AI helper), so the editor
 * imports no other feature.
 */
export type DetailsAssistant = (props: DetailsAssistantProps) => ReactNode;

type Update = <P extends DetailsPath>(path: P, value: DraftValue<P>) => void;

/** Writes an accepted value into the draft's field. */
export function applyDetailsChange(update: Update, change: DetailsChange): void {
  switch (change.field) {
    case 'title':
      return update('generalDetails.title', change.value);
    case 'description':
      return update('generalDetails.description', change.value);
    case 'brand':
      return update('generalDetails.brand', change.value);
    case 'category':
      return update('generalDetails.category', change.value);
    case 'colour':
      return update('generalDetails.primaryColor', change.value);
    case 'condition':
      return update('generalDetails.condition', change.value);
    case 'price':
      return update('generalDetails.price', change.value);
  }
}
