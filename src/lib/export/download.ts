// Saves a file made on the device (an export) through the browser's download, with no server involved.

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is no longer needed after this turn.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
