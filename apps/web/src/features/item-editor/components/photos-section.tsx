import { MAX_IMAGES_PER_ITEM, type Image } from '@listloop/domain';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconRotateClockwise,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { itemFieldMessages } from '../../../lib/inventory/item.messages';
import { useItemEditorSlots } from '../../../lib/inventory/item-editor-slots';
import { PHOTO_TYPES, type usePhotoUploads } from '../hooks/use-photo-uploads';
import { itemEditorMessages } from '../item-editor.messages';
import { taskControls, taskProgress, type UploadTask } from '../upload-tasks';
import classes from './photos-section.module.css';

type Uploads = ReturnType<typeof usePhotoUploads>;

interface PhotosSectionProps {
  images: Image[];
  onChange: (images: Image[]) => void;
  uploads: Uploads;
  onRotate: (image: Image, position: number) => void;
  disabled: boolean;
}

/**
 * The item's photos: drop or pick files (uploaded resumably at once), drag to reorder (the
 * first is the cover), rotate, remove.
 */
export function PhotosSection({
  images,
  onChange,
  uploads,
  onRotate,
  disabled,
}: PhotosSectionProps) {
  const intl = useIntl();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => images.findIndex((image) => image.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      intl.formatMessage(itemEditorMessages.dragPickedUp, { position: position(active.id) }),
    onDragOver: ({ over }) =>
      over
        ? intl.formatMessage(itemEditorMessages.dragOver, { position: position(over.id) })
        : undefined,
    onDragEnd: ({ over }) =>
      over
        ? intl.formatMessage(itemEditorMessages.dragDropped, { position: position(over.id) })
        : undefined,
    onDragCancel: () => intl.formatMessage(itemEditorMessages.dragCancelled),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.findIndex((image) => image.id === active.id);
    const to = images.findIndex((image) => image.id === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(images, from, to));
  };

  const rotating = useMemo(
    () => new Set(uploads.tasks.map((task) => task.replaces).filter(Boolean)),
    [uploads.tasks],
  );
  const newUploads = uploads.tasks.filter(
    (task) => !task.replaces || task.state === 'error' || task.phase === 'failed',
  );
  const full = images.length >= MAX_IMAGES_PER_ITEM;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="photos-title">
      <Group justify="space-between" mb="xs">
        <Text fw={650} id="photos-title">
          {intl.formatMessage(itemFieldMessages.photos)}
          <Text span c="red" ml={4} aria-hidden>
            *
          </Text>
        </Text>
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(itemEditorMessages.photoCount, {
            count: images.length,
            max: MAX_IMAGES_PER_ITEM,
          })}
        </Text>
      </Group>
      <Stack gap="sm">
        {(images.length > 0 || newUploads.length > 0) && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable: intl.formatMessage(itemEditorMessages.dragInstructions),
              },
            }}
          >
            <SortableContext items={images.map((image) => image.id)} strategy={rectSortingStrategy}>
              <ul
                className={classes.grid}
                aria-label={intl.formatMessage(itemFieldMessages.photos)}
              >
                {images.map((image, index) => (
                  <PhotoTile
                    key={image.id}
                    image={image}
                    index={index}
                    count={images.length}
                    rotating={rotating.has(image.id)}
                    disabled={disabled}
                    onRotate={() => onRotate(image, index)}
                    onRemove={() =>
                      onChange(images.filter((candidate) => candidate.id !== image.id))
                    }
                    onReplace={(next) =>
                      onChange(images.map((candidate, at) => (at === index ? next : candidate)))
                    }
                  />
                ))}
                {newUploads.map((task) => (
                  <UploadTile key={task.id} task={task} uploads={uploads} />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        {!disabled && (
          <FileDropZone
            accept={PHOTO_TYPES.join(',')}
            multiple
            disabled={full}
            compact={images.length > 0}
            onFiles={(files) => uploads.addFiles(files)}
            buttonLabel={intl.formatMessage(itemEditorMessages.addPhotos)}
            prompt={intl.formatMessage(
              full ? itemEditorMessages.photosFull : itemEditorMessages.dropPhotos,
              { max: MAX_IMAGES_PER_ITEM },
            )}
            hint={
              images.length > 1 ? intl.formatMessage(itemEditorMessages.reorderHint) : undefined
            }
          />
        )}
      </Stack>
    </Card>
  );
}

function PhotoTile({
  image,
  index,
  count,
  rotating,
  disabled,
  onRotate,
  onRemove,
  onReplace,
}: {
  image: Image;
  index: number;
  count: number;
  rotating: boolean;
  disabled: boolean;
  onRotate: () => void;
  onRemove: () => void;
  onReplace: (image: Image) => void;
}) {
  const intl = useIntl();
  // A tool the app gives each photo (removing its background), when it gives one.
  const { photoTool } = useItemEditorSlots();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: image.id, disabled });
  const cover = index === 0;
  const position = index + 1;
  const src = cover ? image.url_l || image.url : image.url_s || image.url_l || image.url;
  const name = intl.formatMessage(
    cover ? itemEditorMessages.photoNameCover : itemEditorMessages.photoName,
    { position, count },
  );

  return (
    <li
      ref={setNodeRef}
      className={`${classes.tile} ${cover ? classes.cover : ''} ${isDragging ? classes.dragging : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <img className={classes.image} src={src} alt="" draggable={false} loading="lazy" />
      {/* The photo itself is the drag handle: a button over the whole tile, beside (never
          around) the rotate and remove buttons; Space or Enter picks it up, the arrows move it. */}
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={classes.handle}
        {...attributes}
        {...listeners}
        disabled={disabled}
        aria-label={name}
      />
      {cover && (
        <Badge className={classes.badge} size="sm" radius="sm" variant="filled" tt="none">
          {intl.formatMessage(itemEditorMessages.cover)}
        </Badge>
      )}
      {rotating && (
        <div className={classes.overlay}>
          <Loader size="sm" color="white" />
        </div>
      )}
      {!disabled && (
        <div className={classes.actions}>
          <ActionIcon
            size="sm"
            variant="white"
            color="dark"
            disabled={rotating}
            onClick={onRotate}
            aria-label={intl.formatMessage(itemEditorMessages.rotatePhoto, { position })}
          >
            <IconRotateClockwise size={14} />
          </ActionIcon>
          {photoTool?.({ image, position, onReplace })}
          <ActionIcon
            size="sm"
            variant="white"
            color="red"
            onClick={onRemove}
            aria-label={intl.formatMessage(itemEditorMessages.removePhoto, { position })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </div>
      )}
    </li>
  );
}

function UploadTile({ task, uploads }: { task: UploadTask; uploads: Uploads }) {
  const intl = useIntl();
  const controls = taskControls(task);
  const percent = Math.round(taskProgress(task) * 100);
  const name = task.name;

  let status: string;
  if (task.phase === 'failed')
    status = intl.formatMessage(itemEditorMessages.uploadProcessingFailed);
  else if (task.state === 'error' && task.refusal === 'tooLarge')
    status = intl.formatMessage(itemEditorMessages.uploadTooLarge);
  else if (task.state === 'error' && task.refusal === 'tooMany')
    status = intl.formatMessage(itemEditorMessages.uploadTooMany);
  else if (task.state === 'error') status = intl.formatMessage(itemEditorMessages.uploadFailed);
  else if (task.phase === 'processing' || task.state === 'success')
    status = intl.formatMessage(itemEditorMessages.uploadProcessing);
  else if (task.state === 'paused' || task.state === 'pausing')
    status = intl.formatMessage(itemEditorMessages.uploadPaused, { percent });
  else if (task.state === 'canceling' || task.state === 'canceled')
    status = intl.formatMessage(itemEditorMessages.uploadCanceling);
  else status = intl.formatMessage(itemEditorMessages.uploadPercent, { percent });

  const failed = task.state === 'error' || task.phase === 'failed';

  return (
    <li className={classes.tile} aria-label={name}>
      {task.previewUrl && <img className={classes.image} src={task.previewUrl} alt="" />}
      <div
        className={classes.overlay}
        style={failed ? { background: 'rgba(150, 20, 20, 0.6)' } : undefined}
      >
        {task.phase === 'processing' && <Loader size="xs" color="white" />}
        <Text fz={11} fw={600} lh={1.2} role="status">
          {status}
        </Text>
        <Group gap={4} justify="center">
          {controls.pause && (
            <ActionIcon
              size="sm"
              variant="white"
              color="dark"
              onClick={() => uploads.pause(task.id)}
              aria-label={intl.formatMessage(itemEditorMessages.pauseUpload, { name })}
            >
              <IconPlayerPause size={14} />
            </ActionIcon>
          )}
          {controls.resume && (
            <ActionIcon
              size="sm"
              variant="white"
              color="dark"
              onClick={() => uploads.resume(task.id)}
              aria-label={intl.formatMessage(itemEditorMessages.resumeUpload, { name })}
            >
              <IconPlayerPlay size={14} />
            </ActionIcon>
          )}
          {controls.retry && (
            <ActionIcon
              size="sm"
              variant="white"
              color="dark"
              onClick={() => uploads.retry(task.id)}
              aria-label={intl.formatMessage(itemEditorMessages.retryUpload, { name })}
            >
              <IconRefresh size={14} />
            </ActionIcon>
          )}
          {controls.cancel && (
            <ActionIcon
              size="sm"
              variant="white"
              color="red"
              onClick={() => uploads.cancel(task.id)}
              aria-label={intl.formatMessage(itemEditorMessages.cancelUpload, { name })}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
          {controls.dismiss && (
            <ActionIcon
              size="sm"
              variant="white"
              color="red"
              onClick={() => uploads.dismiss(task.id)}
              aria-label={intl.formatMessage(itemEditorMessages.dismissUpload, { name })}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      </div>
      {task.phase === 'uploading' && !failed && (
        <Progress
          className={classes.progress}
          value={percent}
          size="sm"
          radius={0}
          aria-label={intl.formatMessage(itemEditorMessages.uploadProgressLabel, { name })}
        />
      )}
    </li>
  );
}
