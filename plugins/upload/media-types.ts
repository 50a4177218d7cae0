// Extensions and the types they name, for the types a library stores and serves. Serving goes by
// the stored file's extension (the plugin chose it to match the bytes): a type listed as inline
// is shown by the browser, anything else (SVG, HTML, unknown) is sent as an attachment.

const TYPES: Record<string, { mime: string; inline: boolean }> = {
  png: { mime: 'image/png', inline: true },
  jpg: { mime: 'image/jpeg', inline: true },
  jpeg: { mime: 'image/jpeg', inline: true },
  gif: { mime: 'image/gif', inline: true },
  webp: { mime: 'image/webp', inline: true },
  avif: { mime: 'image/avif', inline: true },
  bmp: { mime: 'image/bmp', inline: true },
  ico: { mime: 'image/x-icon', inline: true },
  tif: { mime: 'image/tiff', inline: true },
  tiff: { mime: 'image/tiff', inline: true },
  heic: { mime: 'image/heic', inline: true },
  svg: { mime: 'image/svg+xml', inline: false },
  mp4: { mime: 'video/mp4', inline: true },
  webm: { mime: 'video/webm', inline: true },
  mov: { mime: 'video/quicktime', inline: true },
  ogv: { mime: 'video/ogg', inline: true },
  mp3: { mime: 'audio/mpeg', inline: true },
  wav: { mime: 'audio/wav', inline: true },
  ogg: { mime: 'audio/ogg', inline: true },
  m4a: { mime: 'audio/mp4', inline: true },
  flac: { mime: 'audio/flac', inline: true },
  pdf: { mime: 'application/pdf', inline: true },
  txt: { mime: 'text/plain', inline: true },
  csv: { mime: 'text/csv', inline: true },
  md: { mime: 'text/markdown', inline: true },
  json: { mime: 'application/json', inline: true },
  woff: { mime: 'font/woff', inline: true },
  woff2: { mime: 'font/woff2', inline: true },
  zip: { mime: 'application/zip', inline: false },
};

export function typeOfExtension(ext: string): { mime: string; inline: boolean } | undefined {
  return TYPES[ext.replace(/^\./, '').toLowerCase()];
}

/** The usual extension of a type (no dot). */
export function extensionOfType(mime: string): string | undefined {
  return Object.entries(TYPES).find(([, t]) => t.mime === mime)?.[0];
}
