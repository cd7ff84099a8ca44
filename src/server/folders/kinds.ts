/*
 * Folders and labels are one thing twice: a named, coloured group of the user's assistants, in a table of
 * its own. An assistant sits in one folder (assistants.folder_id) and carries any number of labels
 * (assistant_labels). Everything here takes the kind it works on.
 */

export type GroupKind = 'folder' | 'label';

interface KindInfo {
  table: 'folders' | 'labels';
  /** The answers' words: "Folder not found", "Label created successfully". */
  noun: 'Folder' | 'Label';
}

export const KINDS: Record<GroupKind, KindInfo> = {
  folder: { table: 'folders', noun: 'Folder' },
  label: { table: 'labels', noun: 'Label' },
};

export const groupNotFound = (kind: GroupKind) => `${KINDS[kind].noun} not found`;
