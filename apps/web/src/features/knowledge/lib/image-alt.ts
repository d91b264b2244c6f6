/**
 * An uploaded picture's alt text until the author writes one: its file name without the extension,
 * dashes and underscores read as spaces ("export-button.png" is "export button").
 */
export function defaultAltOf(fileName: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
  // A name of dashes only says nothing, yet an empty alt would mark the image as decorative.
  return words || fileName;
}
