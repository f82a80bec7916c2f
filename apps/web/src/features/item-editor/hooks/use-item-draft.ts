import type { Item } from '@listloop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { itemKeys, updateItemFields } from '../../../lib/inventory/item.api';
import { labelKeys } from '../../../lib/inventory/label.api';
import { AutosaveQueue, type SaveState } from '../autosave-queue';
import {
  draftFromItem,
  rebaseDraft,
  writeDraft,
  type DraftPath,
  type DraftValue,
  type ItemDraft,
} from '../item-draft';

interface DraftStore {
  draft: ItemDraft;
  queue: AutosaveQueue | null;
  /** The saved item the draft last followed, and its dateLastModified. */
  base: ItemDraft;
  baseVersion: number;
}

/**
 * The editor's working copy. For an existing item every change is also queued for the
 * field-level autosave (PATCH …/field); a new item is only sent when the seller creates it.
 * When the saved item changes elsewhere (a sale, a teammate), the fields the person has not
 * touched follow it; what they typed is never overwritten.
 */
export function useItemDraft(initial: ItemDraft, saved: { userId: string; item: Item } | null) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle', error: null });
  const store = useRef<DraftStore>({
    draft: initial,
    queue: null,
    base: initial,
    baseVersion: saved?.item.dateLastModified ?? 0,
  });

  const userId = saved?.userId;
  const itemId = saved?.item.itemID;
  const item = saved?.item;
  useEffect(() => {
    const current = store.current;
    // A copy read before the last save came back is older than what the draft follows; and
    // while something typed is on its way, the next copy (the save's answer) is awaited.
    if (!item || item.dateLastModified < current.baseVersion || current.queue?.hasUnsaved()) {
      return;
    }
    const following = draftFromItem(item);
    const next = rebaseDraft(current.draft, current.base, following);
    current.base = following;
    current.baseVersion = item.dateLastModified;
    if (next !== current.draft) {
      current.draft = next;
      setDraft(next);
    }
  }, [item]);
  useEffect(() => {
    if (!userId || !itemId) return;
    const queue = new AutosaveQueue(async (changes) => {
      const { item } = await updateItemFields(userId, itemId, changes);
      queryClient.setQueryData(itemKeys.detail(userId, itemId), item);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
      // The server adds labels typed on the item to the seller's label list.
      if ('labels' in changes) void queryClient.invalidateQueries({ queryKey: labelKeys.all });
    }, setSaveState);
    const current = store.current;
    current.queue = queue;
    return () => {
      // Leaving the editor saves what was typed in the last moment.
      void queue.flush();
      queue.dispose();
      current.queue = null;
    };
  }, [queryClient, userId, itemId]);

  // Made once: stable functions that always see the latest draft, for memoised children.
  const [actions] = useState(() => {
    const update = <P extends DraftPath>(path: P, value: DraftValue<P>) => {
      const next = writeDraft(store.current.draft, path, value);
      if (next === store.current.draft) return;
      store.current.draft = next;
      setDraft(next);
      setDirty(true);
      store.current.queue?.change(path, value);
    };
    return {
      update,
      /** A change computed from the latest draft, for updates that arrive later (an upload). */
      updateWith: <P extends DraftPath>(path: P, change: (latest: ItemDraft) => DraftValue<P>) =>
        update(path, change(store.current.draft)),
      /** The draft as it is right now, between renders too. */
      current: () => store.current.draft,
      retrySave: () => void store.current.queue?.flush(),
      /** Whether something typed has not reached the server (or, for a new item, was typed). */
      hasUnsaved: () => store.current.queue?.hasUnsaved() ?? store.current.draft !== initial,
    };
  });

  return { draft, dirty, saveState, ...actions };
}
