/**
 * Rotating a photo: the server keeps images as uploaded and has no rotate call, so the browser
 * draws the photo turned a quarter in a canvas and uploads that as a new image, which then takes
 * the old one's place in the item. The original stays in storage.
 */
export async function rotatedCopy(
  url: string,
  name: string,
  direction: 'clockwise' | 'counterclockwise' = 'clockwise',
): Promise<File> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not read the photo (${response.status})`);
  const bitmap = await createImageBitmap(await response.blob(), { imageOrientation: 'from-image' });
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.height;
    canvas.height = bitmap.width;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available');
    context.translate(canvas.width / 2, canvas.height / 2);
    context.rotate(((direction === 'clockwise' ? 1 : -1) * Math.PI) / 2);
    context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.92),
    );
    if (!blob) throw new Error('The rotated photo could not be encoded');
    const base = name.replace(/\.[a-z0-9]+$/i, '') || 'photo';
    return new File([blob], `${base}-rotated-${Date.now()}.jpg`, {
      type: 'image/jpeg',
      lastModified: Date.now(),
    });
  } finally {
    bitmap.close();
  }
}
